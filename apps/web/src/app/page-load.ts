/** The id of the spinner index.html shows until the layout mounts. */
export const PAGE_LOAD_ID = 'page-load';

/** Hides the static page-load spinner (docs/behaviour.md#layout). */
export function hidePageLoad(): void {
  document.getElementById(PAGE_LOAD_ID)?.setAttribute('hidden', '');
}
