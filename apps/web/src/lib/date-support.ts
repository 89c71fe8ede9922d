import { provideDateSupport } from '@claims/core/rules/date-support';

let loading: Promise<void> | null = null;

/**
 * Loads the rules that read dates, with the date library (Luxon), for a page that may check a
 * date; a page without date fields, a landing page first of all, renders without them
 * (packages/core/src/rules/date-support.browser.ts). Loaded once; a failed load is tried again
 * by the next page that needs them.
 */
export function loadDateSupport(): Promise<void> {
  loading ??= import('@claims/core/rules/date-rules').then(
    ({ DATE_SUPPORT }) => provideDateSupport(DATE_SUPPORT),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
