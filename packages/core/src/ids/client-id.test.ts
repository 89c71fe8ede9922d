import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLIENT_ID_ALPHABET, createClientId, isClientId } from './client-id';

const zeros = (n: number) => new Uint8Array(n);

describe('createClientId', () => {
  it('appends an 8-character suffix to the prefix', () => {
    expect(createClientId('claimantInfo-', zeros)).toBe('claimantInfo-aaaaaaaa');
  });

  it('draws the suffix from the injected random source', () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i);
    expect(createClientId('doc', bytes)).toBe(`doc${CLIENT_ID_ALPHABET.slice(0, 8)}`);
  });

  it('uses no look-alike characters in the suffix', () => {
    expect(CLIENT_ID_ALPHABET).not.toMatch(/[01ilo]/);
  });

  it('produces ids that isClientId accepts for the same prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/), (prefix) => {
        expect(isClientId(createClientId(prefix), prefix)).toBe(true);
      }),
    );
  });

  it('gives different ids on each call with the default source', () => {
    expect(createClientId('x')).not.toBe(createClientId('x'));
  });

  it('refuses a prefix with characters unsafe in a file name', () => {
    expect(() => createClientId('../doc')).toThrow(
      'invalid client id prefix "../doc"; expected up to 40 letters, digits, hyphens or underscores',
    );
  });
});

describe('isClientId', () => {
  it('accepts any prefix when none is given', () => {
    expect(isClientId('anything-abcdefgh')).toBe(true);
  });

  it('rejects an id with another prefix', () => {
    expect(isClientId('doc-abcdefgh', 'claim-')).toBe(false);
  });

  it('rejects a suffix that is too short', () => {
    expect(isClientId('doc-abcdefg', 'doc-')).toBe(false);
  });

  it('rejects a suffix with look-alike characters', () => {
    expect(isClientId('doc-abcdefg0')).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isClientId(12345678)).toBe(false);
  });
});
