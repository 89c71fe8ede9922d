import { describe, expect, it } from 'vitest';
import { localizeFrom, messages } from '../test-helpers';

const rule = { type: 'maxLength', max: 5 };

describe('maxLength', () => {
  it('passes text of the maximum length', () => {
    expect(messages(rule, 'abcde')).toEqual([]);
  });

  it('fails longer text with "The maximum length allowed is {max}"', () => {
    expect(messages(rule, 'abcdef')).toEqual(['The maximum length allowed is 5']);
  });

  it('counts the digits of a number', () => {
    expect(messages(rule, 123456)).toEqual(['The maximum length allowed is 5']);
  });

  it('fails a value that is not text', () => {
    expect(messages(rule, ['a'])).toEqual(['The maximum length allowed is 5']);
  });

  it('fills {max} in the text of LocKey_Validation_MaxLength', () => {
    const localize = localizeFrom({ LocKey_Validation_MaxLength: 'Máximo {max} caracteres' });
    expect(messages(rule, 'abcdef', {}, { localize })).toEqual(['Máximo 5 caracteres']);
  });
});
