import { describe, expect, it } from 'vitest';
import { localizeFrom, messages } from '../test-helpers';

const rule = { type: 'characterSetRestriction' };

describe('characterSetRestriction', () => {
  it('passes text whose every character is in the whitelist', () => {
    expect(messages(rule, "O'Brien-Smith Jr.")).toEqual([]);
  });

  it('fails with the offending characters after the message', () => {
    expect(messages(rule, 'Zoë <b>')).toEqual(['The following characters are not allowed: ë < >']);
  });

  it('lists each offending character once, in order of appearance', () => {
    expect(messages(rule, '>>a<<>')).toEqual(['The following characters are not allowed: > <']);
  });

  it('treats a character outside the Basic Multilingual Plane as one character', () => {
    expect(messages(rule, 'hi 😀')).toEqual(['The following characters are not allowed: 😀']);
  });

  it('follows the text of LocKey_Validation_RestrictedCharacters with the characters', () => {
    const localize = localizeFrom({
      LocKey_Validation_RestrictedCharacters: 'No se permiten estos caracteres:',
    });
    expect(messages(rule, 'a#', {}, { localize })).toEqual(['No se permiten estos caracteres: #']);
  });

  it('follows an overriding messageKey text with the characters too', () => {
    const localize = localizeFrom({ LocKey_Name_Chars: 'Names cannot contain' });
    expect(messages({ ...rule, messageKey: 'LocKey_Name_Chars' }, 'a#', {}, { localize })).toEqual([
      'Names cannot contain #',
    ]);
  });

  it('fails a value that is not text', () => {
    expect(messages(rule, { text: 'a' })).toEqual(['The following characters are not allowed:']);
  });

  it('throws when the whitelist is not loaded yet', () => {
    expect(() => messages(rule, 'abc', {}, { characterWhitelist: null })).toThrow(
      'characterSetRestriction cannot run before the character whitelist is loaded',
    );
  });

  it('passes an empty value even before the whitelist is loaded', () => {
    expect(messages(rule, '', {}, { characterWhitelist: null })).toEqual([]);
  });
});
