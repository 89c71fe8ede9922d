/**
 * The three themes of docs/behaviour.md#themes; each has its own layout and lazily loaded
 * stylesheet.
 */
export const THEMES = ['jnd-7-0-default', 'ftc-7-0-default', 'jnd-9-0-kontent'] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_THEME: Theme = 'jnd-7-0-default';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The configuration error of docs/behaviour.md#themes for a theme that is not one of the three. */
export function unexpectedThemeMessage(value: unknown): string {
  return `unexpected theme "${String(value)}"; expected one of ${THEMES.join(', ')}`;
}
