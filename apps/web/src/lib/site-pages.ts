import { isKnownRoute } from '@claims/core/routes';

/** Whether the web app shows a page of its own at `pathname` (rather than the not-found page). */
export const isSitePage = isKnownRoute;

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
