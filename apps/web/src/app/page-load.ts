/** The id of the spinner index.html shows until the layout mounts. */
export const PAGE_LOAD_ID = 'page-load';

/** The element the site renders in; index.html may bring a page snapshot in it. */
export const ROOT_ID = 'root';

/**
 * Hides the static page-load spinner (docs/behaviour.md#layout), and lets the page be used: a
 * page snapshot is inert until the site has replaced it (docs/behaviour.md#page-snapshots).
 */
export function hidePageLoad(): void {
  document.getElementById(PAGE_LOAD_ID)?.setAttribute('hidden', '');
  document.getElementById(ROOT_ID)?.removeAttribute('inert');
}
