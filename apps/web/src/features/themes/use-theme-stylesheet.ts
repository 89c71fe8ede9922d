import type { Theme } from '@claims/core/case/themes';
import { useEffect, useState } from 'react';
import { logger } from '../../lib/logger';
import { useSettingsStore } from '../../stores/settings-store';
import { THEME_STYLESHEETS } from './theme-stylesheets';

export type StylesheetState = 'loading' | 'loaded' | 'failed';

/**
 * Loads a theme's stylesheet (its module runs once, however often it is asked for) and
 * records that it is in the page.
 */
export async function loadThemeStylesheet(theme: Theme): Promise<void> {
  await THEME_STYLESHEETS[theme]();
  useSettingsStore.getState().themeStylesheetLoaded(theme);
}

/**
 * Loads the theme's stylesheet once; the layout waits for it so the page never flashes
 * unstyled. A stylesheet loaded before the layout mounts (start-up loads the case's) is
 * there from the layout's first render.
 */
export function useThemeStylesheet(theme: Theme): StylesheetState {
  const loaded = useSettingsStore((state) => state.loadedThemeStylesheets.includes(theme));
  const [failed, setFailed] = useState<Theme | null>(null);
  useEffect(() => {
    if (useSettingsStore.getState().loadedThemeStylesheets.includes(theme)) return;
    let active = true;
    loadThemeStylesheet(theme).catch((error: unknown) => {
      // The page still works unstyled, so show it rather than nothing.
      logger.error(`could not load the stylesheet of theme ${theme}`, error);
      if (active) setFailed(theme);
    });
    return () => {
      active = false;
    };
  }, [theme]);
  if (loaded) return 'loaded';
  return failed === theme ? 'failed' : 'loading';
}
