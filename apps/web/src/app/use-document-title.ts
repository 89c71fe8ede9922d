import { useEffect } from 'react';
import { MAIN_CONTENT_ID } from '../features/layout/skip-link';

/**
 * Keeps the browser tab's title on the page's heading and the site's name (WCAG 2.4.2), also
 * when a page writes its heading after it first renders or the culture changes.
 */
export function useDocumentTitle(siteName: string): void {
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main === null) return undefined;
    const update = () => {
      const heading = main.querySelector('h1')?.textContent?.trim() ?? '';
      const title = heading === '' || heading === siteName ? siteName : `${heading} | ${siteName}`;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [siteName]);
}
