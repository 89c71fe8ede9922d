import { isKnownRoute, normalizePath } from '@claims/core/routes';

/**
 * The site's privacy page (features/content-pages/privacy-page.tsx), written in the case's
 * content. The route table of packages/core does not list it yet, so the web app adds it.
 */
export const PRIVACY_PAGE_PATH = '/privacy';

/** Whether the web app shows a page of its own at `pathname` (rather than the not-found page). */
export function isSitePage(pathname: string): boolean {
  return isKnownRoute(pathname) || normalizePath(pathname) === PRIVACY_PAGE_PATH;
}

/**
 * The path, query and fragment of `href` when it leads to a page of this site, else null
 * (another site, a file the server serves such as a court document, a mail or phone link).
 */
export function sitePageTarget(href: string, base: string = window.location.href): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  return isSitePage(url.pathname) ? url : null;
}
