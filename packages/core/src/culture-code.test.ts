import { describe, expect, it } from 'vitest';
import { cultureCodeSchema } from './culture-code';

describe('culture codes', () => {
  it('accepts a language with an optional region', () => {
    expect(
      ['en', 'es', 'fr-CA', 'zh-Hant-TW'].every(
        (code) => cultureCodeSchema.safeParse(code).success,
      ),
    ).toBe(true);
  });

  it('refuses codes the query sanitiser would change', () => {
    expect(
      ['EN', 'en_US', 'e', 'en-', '../en'].some(
        (code) => cultureCodeSchema.safeParse(code).success,
      ),
    ).toBe(false);
  });
});
