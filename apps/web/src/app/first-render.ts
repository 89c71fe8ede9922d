import { isTheme } from '@claims/core/case/themes';
import type { createBrowserRouter } from 'react-router';
import { loadThemeStylesheet } from '../features/themes/use-theme-stylesheet';
import { useSettingsStore } from '../stores/settings-store';

/**
 * Resolves once the router has run the first page's guards and loaded its code, and the case's
 * theme stylesheet is in the page. The site's first render then shows the whole page at once,
 * in place of the page snapshot or the spinner index.html came with
 * (docs/behaviour.md#page-snapshots), with no blank frame between them.
 */
export async function readyForFirstRender(
  router: Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>,
): Promise<void> {
  const theme = useSettingsStore.getState().site?.theme;
  await Promise.all([
    new Promise<void>((resolve) => {
      if (router.state.initialized) return resolve();
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    }),
    // A stylesheet that fails to load is reported by the layout, which tries it again.
    theme !== undefined && isTheme(theme)
      ? loadThemeStylesheet(theme).catch(() => undefined)
      : undefined,
  ]);
}
