import { useEffect } from 'react';

export const CONSOLE_NAME = 'Claims console';

/** The browser tab's title: the page, then the console (WCAG 2.4.2). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${CONSOLE_NAME}`;
  }, [page]);
}
