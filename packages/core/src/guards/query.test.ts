import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeQuery, sanitizeQueryValue } from './query';

const ALLOWED = /^[A-Za-z0-9_-]*$/;
const queryValue = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }));
const queries = fc.dictionary(fc.string(), queryValue);

describe('sanitizeQuery', () => {
  it('strips markup from a value and reports the change', () => {
    expect(sanitizeQuery({ culture: 'es"><script>alert(1)</script>' })).toEqual({
      params: { culture: 'esscriptalert1script' },
      changed: true,
    });
  });

  it('keeps letters, digits, hyphens and underscores', () => {
    expect(sanitizeQuery({ form: 'documents-upload', id: 'A_1' })).toEqual({
      params: { form: 'documents-upload', id: 'A_1' },
      changed: false,
    });
  });

  it('cleans every value of a repeated parameter', () => {
    expect(sanitizeQuery({ tag: ['a b', 'c'] })).toEqual({
      params: { tag: ['ab', 'c'] },
      changed: true,
    });
  });

  it('strips letters outside ASCII', () => {
    expect(sanitizeQueryValue('año')).toBe('ao');
  });

  it('leaves only allowed characters in every value', () => {
    fc.assert(
      fc.property(queries, (query) => {
        for (const value of Object.values(sanitizeQuery(query).params).flat()) {
          expect(value).toMatch(ALLOWED);
        }
      }),
    );
  });

  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const once = sanitizeQuery(query).params;
        expect(sanitizeQuery(once)).toEqual({ params: once, changed: false });
      }),
    );
  });

  it('reports no change for clean input and returns it as it was', () => {
    const clean = fc.dictionary(
      fc.string(),
      fc.oneof(fc.stringMatching(ALLOWED), fc.array(fc.stringMatching(ALLOWED))),
    );
    fc.assert(
      fc.property(clean, (query) => {
        expect(sanitizeQuery(query)).toEqual({ params: query, changed: false });
      }),
    );
  });

  it('reports a change exactly when a value differs', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const { params, changed } = sanitizeQuery(query);
        expect(changed).toBe(JSON.stringify(params) !== JSON.stringify(query));
      }),
    );
  });

  it('keeps the parameter names', () => {
    fc.assert(
      fc.property(queries, (query) => {
        expect(Object.keys(sanitizeQuery(query).params)).toEqual(Object.keys(query));
      }),
    );
  });
});
