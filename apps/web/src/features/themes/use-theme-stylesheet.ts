import type { Theme } from '@claims/core/case/themes';
import { useEffect, useState } from 'react';
import { logger } from '../../lib/logger';
import { THEME_STYLESHEETS } from './theme-stylesheets';

export type StylesheetState = 'loading' | 'loaded' | 'failed';

/** Loads the theme's stylesheet once; the layout waits for it so the page never flashes unstyled. */
export function useThemeStylesheet(theme: Theme): StylesheetState {
  const [state, setState] = useState<{ theme: Theme; status: StylesheetState }>({
    theme,
    status: 'loading',
  });
  useEffect(() => {
    let active = true;
    // import() runs each stylesheet's module once, however often a theme is asked for.
    THEME_STYLESHEETS[theme]().then(
      () => {
        if (active) setState({ theme, status: 'loaded' });
      },
      (error: unknown) => {
        // The page still works unstyled, so show it rather than nothing.
        logger.error(`could not load the stylesheet of theme ${theme}`, error);
        if (active) setState({ theme, status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [theme]);
  return state.theme === theme ? state.status : 'loading';
}
