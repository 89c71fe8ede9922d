import { describe, expect, it } from 'vitest';
import {
  forbiddenLocalizationTags,
  isValidLocalization,
  localizationProblem,
} from './localization';

describe('localization copy', () => {
  it('accepts inline markup such as links and emphasis', () => {
    expect(
      isValidLocalization('Call <strong>now</strong> or <a href="/faq">read the FAQ</a>.'),
    ).toBe(true);
  });

  it('refuses a paragraph tag', () => {
    expect(isValidLocalization('<p>Hello</p>')).toBe(false);
  });

  it('refuses list tags, whatever their letter case or attributes', () => {
    expect(forbiddenLocalizationTags('<UL class="x"><Li>one</lI></UL><ol/>')).toEqual([
      '<ul>',
      '<li>',
      '<ol>',
    ]);
  });

  it('does not mistake tags that merely start with p or li for forbidden ones', () => {
    expect(forbiddenLocalizationTags('<pre>x</pre><link rel="x"><param><olive>')).toEqual([]);
  });

  it('does not mistake a less-than sign in text for a tag', () => {
    expect(isValidLocalization('Amounts < $500 and p < 0.05')).toBe(true);
  });

  it('names the key and the tags found in its message', () => {
    expect(localizationProblem('LocKey_Intro', 'a<br><p>b</p>')).toBe(
      'Invalid localization for "LocKey_Intro": copy must not contain <p>, <ul>, <ol> or <li> tags; found <p>',
    );
  });

  it('gives no message for valid copy', () => {
    expect(localizationProblem('LocKey_Intro', 'Fine')).toBeNull();
  });
});
