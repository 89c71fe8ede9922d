import { useEffect, useMemo, useRef, type ElementType } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { sitePageTarget } from '../../lib/site-pages';
import { localizedPath, useLocalizationStore } from '../../stores/localization-store';

/**
 * Localised copy may carry inline formatting and links (docs/behaviour.md#localisation). The
 * server sanitises every culture's copy once when the case loads (only inline tags, safe link
 * targets, rel="noopener noreferrer" on links), so the page shows it as it comes; the site's
 * Content-Security-Policy, which runs no inline script, is the second line of defence.
 */
export interface SanitizedHtmlProps {
  html: string;
  /** The element that holds the copy; a span unless the copy is a paragraph of its own. */
  as?: ElementType;
  className?: string;
  id?: string;
}

/**
 * The copy with every link to a page of this site carrying the culture: a claimant reading
 * Spanish who follows a link, or opens it in a new tab, stays in Spanish. A culture the link
 * names itself is kept.
 */
export function localizeSiteLinks(html: string, culture: string, defaultCulture: string): string {
  if (culture === defaultCulture || !html.includes('<a')) return html;
  // A page snapshot is rendered on the server, with no DOM to parse the copy in. Its links
  // cannot be followed: the snapshot is inert until the site has replaced it with its own
  // render, which localises them (docs/behaviour.md#page-snapshots).
  if (typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const link of template.content.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') as string;
    if (href.startsWith('#')) continue;
    const target = sitePageTarget(href);
    if (target === null || target.searchParams.has('culture')) continue;
    const path = `${target.pathname}${target.search}`;
    link.setAttribute('href', `${localizedPath(path, culture, defaultCulture)}${target.hash}`);
  }
  return template.innerHTML;
}

/** Whether a click on a link is a plain one the page may handle (not a new tab or window). */
function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (link.target === '' || link.target === '_self') &&
    !link.hasAttribute('download')
  );
}

/**
 * Copy inside the router: a link to a page of this site is followed by the router, like the
 * site's own links, so the page does not reload (which would drop the claim in progress, held
 * in memory) and the culture stays. Links elsewhere behave as links do.
 */
function RoutedHtml({ html, as: Tag = 'span', className, id }: SanitizedHtmlProps) {
  const navigate = useNavigate();
  const ref = useRef<HTMLElement>(null);
  const culture = useLocalizationStore((state) => state.activeCulture);
  const defaultCulture = useLocalizationStore((state) => state.defaultCulture);
  const markup = useMemo(
    () => localizeSiteLinks(html, culture, defaultCulture),
    [html, culture, defaultCulture],
  );
  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    // One listener for every link of the copy; Enter on a link fires click too.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link === null || !element.contains(link) || !isPlainClick(event, link)) return;
      const href = link.getAttribute('href');
      if (href === null || href.startsWith('#')) return;
      const target = sitePageTarget(href);
      if (target === null) return;
      event.preventDefault();
      void navigate(`${target.pathname}${target.search}${target.hash}`);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    <Tag ref={ref} id={id} className={className} dangerouslySetInnerHTML={{ __html: markup }} />
  );
}

function PlainHtml({ html, as: Tag = 'span', className, id }: SanitizedHtmlProps) {
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function SanitizedHtml(props: SanitizedHtmlProps) {
  return useInRouterContext() ? <RoutedHtml {...props} /> : <PlainHtml {...props} />;
}
