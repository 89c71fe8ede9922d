import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * After each navigation to another page, moves the focus to the page's heading so a screen
 * reader announces the new page; the first page of a visit keeps the browser's focus.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(MAIN_CONTENT_ID);
    const heading = main?.querySelector<HTMLElement>('h1') ?? null;
    if (heading === null) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  });
}
