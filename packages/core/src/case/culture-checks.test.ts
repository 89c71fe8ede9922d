import { describe, expect, it } from 'vitest';
import { problemsOf } from './test-helpers';

describe('culture checks', () => {
  it('refuses a default culture that is not listed', () => {
    expect(problemsOf([['cultures', 'default'], 'fr'])).toEqual([
      'case.cultures.default: default culture "fr" is not listed; expected one of en, es',
    ]);
  });

  it('refuses a default culture that is disabled', () => {
    expect(problemsOf([['cultures', 'enabled', 'en', 'enabled'], false])).toEqual([
      'case.cultures.enabled.en.enabled: the default culture "en" must be enabled',
    ]);
  });
});
