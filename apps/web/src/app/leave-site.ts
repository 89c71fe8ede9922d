/** Sends the browser to another site, e.g. a deadline's redirect URL for the language. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
