import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  camelCaseKeys,
  camelCaseKeysDeep,
  isPlainObject,
  pascalCaseKeys,
  pascalCaseKeysDeep,
  toCamelCase,
  toPascalCase,
} from './camel-case';

describe('toCamelCase', () => {
  it.each([
    ['FirstName', 'firstName'],
    ['MailingStreetLine1', 'mailingStreetLine1'],
    ['VIN', 'vin'],
    ['already', 'already'],
    ['VINNumber', 'vinNumber'],
    ['ID', 'id'],
    ['A', 'a'],
    ['', ''],
    ['Line1A', 'line1A'],
  ])('turns %j into %j', (input, expected) => {
    expect(toCamelCase(input)).toBe(expected);
  });

  it('leaves a key that starts with a digit alone', () => {
    expect(toCamelCase('1stChoice')).toBe('1stChoice');
  });

  it('converts a key longer than those it keeps as it converts a short one', () => {
    const long = `VIN${'Number'.repeat(20)}`;
    expect(toCamelCase(long)).toBe(`vin${'Number'.repeat(20)}`);
  });

  it('lower-cases a capital outside the Basic Multilingual Plane', () => {
    expect(toCamelCase('\u{10400}bc')).toBe('\u{10428}bc');
  });

  it('gives a key seen before the same answer again', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        expect(toCamelCase(key)).toBe(toCamelCase(key));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        expect(toCamelCase(toCamelCase(key))).toBe(toCamelCase(key));
      }),
    );
  });
});

describe('toPascalCase', () => {
  it.each([
    ['firstName', 'FirstName'],
    ['mailingStreetLine1', 'MailingStreetLine1'],
    ['vin', 'Vin'],
    ['Already', 'Already'],
    ['', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(toPascalCase(input)).toBe(expected);
  });

  it('round-trips every camelCase key that starts with a lower-case word', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]*([A-Z][a-z0-9]+)*$/), (key) => {
        expect(toCamelCase(toPascalCase(key))).toBe(key);
      }),
    );
  });
});

describe('camelCaseKeys', () => {
  it('converts the capitalised prepopulatedData keys the server sends', () => {
    expect(camelCaseKeys({ FirstName: 'Ana', MailingCity: 'Reno', VIN: null })).toEqual({
      firstName: 'Ana',
      mailingCity: 'Reno',
      vin: null,
    });
  });

  it('leaves nested objects unconverted', () => {
    expect(camelCaseKeys({ Outer: { InnerKey: 1 } })).toEqual({ outer: { InnerKey: 1 } });
  });

  it('refuses two keys that map to the same key', () => {
    expect(() => camelCaseKeys({ FirstName: 'a', firstName: 'b' })).toThrow(
      'keys "FirstName" and "firstName" both map to "firstName"; keys must differ',
    );
  });

  it('keeps a "__proto__" key as data instead of changing the prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const result = camelCaseKeys(input);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect((result as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('pascalCaseKeys', () => {
  it('capitalises every key', () => {
    expect(pascalCaseKeys({ firstName: 'Ana', vin: 'X' })).toEqual({ FirstName: 'Ana', Vin: 'X' });
  });
});

describe('camelCaseKeysDeep', () => {
  it('converts keys of nested objects and of objects inside arrays', () => {
    expect(
      camelCaseKeysDeep({ Claim: { ClaimantInfo: { FirstName: 'Ana' } }, Rows: [{ RowId: 1 }, 2] }),
    ).toEqual({ claim: { claimantInfo: { firstName: 'Ana' } }, rows: [{ rowId: 1 }, 2] });
  });

  it('keeps values that are not plain objects as they are', () => {
    const date = new Date(0);
    const result = camelCaseKeysDeep({ When: date }) as { when: Date };
    expect(result.when).toBe(date);
  });

  it('returns scalars unchanged', () => {
    expect(camelCaseKeysDeep('Text')).toBe('Text');
    expect(camelCaseKeysDeep(null)).toBeNull();
  });

  it('keeps a nested "__proto__" key as data', () => {
    const input = JSON.parse('{"Outer": {"__proto__": {"Polluted": true}}}') as unknown;
    const result = camelCaseKeysDeep(input) as { outer: Record<string, unknown> };
    expect(Object.getPrototypeOf(result.outer)).toBe(Object.prototype);
    expect(result.outer['__proto__']).toEqual({ polluted: true });
  });
});

describe('pascalCaseKeysDeep', () => {
  it('capitalises keys at every depth', () => {
    expect(pascalCaseKeysDeep({ claimantInfo: [{ firstName: 'Ana' }] })).toEqual({
      ClaimantInfo: [{ FirstName: 'Ana' }],
    });
  });
});

describe('isPlainObject', () => {
  it('accepts object literals and null-prototype objects', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it('rejects arrays, class instances, null and scalars', () => {
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(new Date())).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject('x')).toBe(false);
  });
});
