import type { Theme } from '@claims/core/case/themes';

/**
 * Each theme's stylesheet as its own lazily loaded chunk (docs/behaviour.md#themes), so a page
 * fetches its theme's CSS and no other.
 */
export const THEME_STYLESHEETS: Readonly<Record<Theme, () => Promise<unknown>>> = {
  'jnd-7-0-default': () => import('./jnd-7-0-default.css'),
  'ftc-7-0-default': () => import('./ftc-7-0-default.css'),
  'jnd-9-0-kontent': () => import('./jnd-9-0-kontent.css'),
};
