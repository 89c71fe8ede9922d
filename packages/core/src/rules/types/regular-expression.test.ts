import { describe, expect, it } from 'vitest';
import { verifyRule } from '../registry';
import { localizeFrom, messages } from '../test-helpers';

const rule = { type: 'regularExpression', pattern: '[0-9]{4}' };

describe('regularExpression', () => {
  it('passes a value the pattern matches', () => {
    expect(messages(rule, '1234')).toEqual([]);
  });

  it('fails a value the pattern matches only in part', () => {
    expect(messages(rule, '12345')).toEqual(['The value is not valid']);
  });

  it('fails a value the pattern does not match', () => {
    expect(messages(rule, 'abcd')).toEqual(['The value is not valid']);
  });

  it('fails a value that is not text', () => {
    expect(messages(rule, { pin: '1234' })).toEqual(['The value is not valid']);
  });

  it('uses the text of LocKey_Validation_Regex_InvalidValue when the content has it', () => {
    const localize = localizeFrom({ LocKey_Validation_Regex_InvalidValue: 'Valor no válido' });
    expect(messages(rule, 'abcd', {}, { localize })).toEqual(['Valor no válido']);
  });

  it('passes an empty value', () => {
    expect(messages(rule, '')).toEqual([]);
  });

  it('throws for a pattern that does not compile', () => {
    expect(() => messages({ ...rule, pattern: '[0-9' }, '1')).toThrow(
      'invalid regular expression "[0-9"',
    );
  });

  it('refuses a pattern that does not compile when verified', () => {
    expect(() => verifyRule({ type: 'regularExpression', pattern: '*' })).toThrow(
      'invalid regular expression "*"',
    );
  });
});
