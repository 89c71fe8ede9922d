import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, isTheme, unexpectedThemeMessage } from './themes';

describe('themes', () => {
  it('defaults to jnd-7-0-default', () => {
    expect(DEFAULT_THEME).toBe('jnd-7-0-default');
  });

  it('knows the three themes and nothing else', () => {
    expect(
      ['jnd-7-0-default', 'ftc-7-0-default', 'jnd-9-0-kontent', 'Layout', ''].map(isTheme),
    ).toEqual([true, true, true, false, false]);
  });

  it('says which theme was unexpected and which are allowed', () => {
    expect(unexpectedThemeMessage('dark')).toBe(
      'unexpected theme "dark"; expected one of jnd-7-0-default, ftc-7-0-default, jnd-9-0-kontent',
    );
  });
});
