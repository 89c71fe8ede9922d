import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../features/layout/skip-link';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * After each navigation to another page: scroll smoothly to the top (docs/behaviour.md#navigation)
 * and move the focus to the page's heading, so a screen reader announces the new page instead of
 * staying on the link that was followed. The first page of a visit keeps the browser's focus.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    const main = document.getElementById(MAIN_CONTENT_ID);
    const heading = main?.querySelector<HTMLElement>('h1') ?? null;
    const target = heading ?? main;
    if (target === null) return;
    if (target === heading && !heading.hasAttribute('tabindex'))
      heading.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
}
