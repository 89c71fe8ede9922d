import { describe, expect, it } from 'vitest';
import { verifyRule } from '../registry';
import { messages } from '../test-helpers';

const rule = {
  type: 'requiredIfOtherPropertyMatchesRegex',
  property: 'Country',
  pattern: 'US|USA',
};

describe('requiredIfOtherPropertyMatchesRegex', () => {
  it('requires a value when the other field matches the pattern', () => {
    expect(messages(rule, '', { country: 'USA' })).toEqual(['The value is required']);
  });

  it('passes an empty value when the other field does not match', () => {
    expect(messages(rule, '', { country: 'CA' })).toEqual([]);
  });

  it('needs the whole other value to match, not a part of it', () => {
    expect(messages(rule, '', { country: 'USAF' })).toEqual([]);
  });

  it('tests an absent other value as empty text', () => {
    const optionalPattern = { ...rule, pattern: '(US)?' };
    expect(messages(optionalPattern, '', {})).toEqual(['The value is required']);
  });

  it('passes a present value when the other field matches', () => {
    expect(messages(rule, '12345', { country: 'US' })).toEqual([]);
  });

  it('refuses a pattern that does not compile when verified', () => {
    expect(() =>
      verifyRule({ type: 'requiredIfOtherPropertyMatchesRegex', property: 'a', pattern: '(' }),
    ).toThrow(/invalid regular expression "\("/);
  });
});
