import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a64, metadataHash, stableStringify } from './metadata-hash';

describe('stableStringify', () => {
  it('sorts object keys at every level', () => {
    expect(stableStringify({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('leaves out keys whose value is undefined, as JSON does', () => {
    expect(stableStringify({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => stableStringify(() => 1)).toThrow('cannot hash a value of type function');
  });
});

describe('fnv1a64', () => {
  it('matches the published FNV-1a 64-bit test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('hashes the UTF-8 bytes of the text', () => {
    expect(fnv1a64('é')).not.toBe(fnv1a64('e'));
  });
});

describe('metadataHash', () => {
  it('does not depend on the order of the keys', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
        (metadata) => {
          const reversed = Object.fromEntries(Object.entries(metadata).reverse());
          expect(metadataHash(reversed)).toBe(metadataHash(metadata));
        },
      ),
    );
  });

  it('tells apart the models of different form types', () => {
    expect(metadataHash({ formType: 'Standard', dtoMapping: 'Credentials' })).not.toBe(
      metadataHash({ formType: 'Automotive', dtoMapping: 'Credentials' }),
    );
  });
});
