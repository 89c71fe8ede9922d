import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatReferenceCode,
  generateReferenceCode,
  isValidReferenceCode,
  normalizeReferenceCode,
  REFERENCE_CODE_ALPHABET,
  REFERENCE_CODE_LENGTH,
  referenceCodeCheckCharacter,
} from './reference-code';

/** A random source drawn by fast-check, so every property run sees a different code. */
const randomSources = fc
  .array(fc.integer({ min: 0, max: 247 }), { minLength: 10, maxLength: 10 })
  .map((bytes) => () => Uint8Array.from(bytes));

const compactCodes = randomSources.map((random) =>
  normalizeReferenceCode(generateReferenceCode(random)),
);

describe('generateReferenceCode', () => {
  it('writes the code in three hyphenated groups', () => {
    expect(generateReferenceCode()).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  });

  it('uses no look-alike characters', () => {
    expect(REFERENCE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(REFERENCE_CODE_ALPHABET).toHaveLength(31);
  });

  it('draws from the injected random source', () => {
    const zeros = (n: number) => new Uint8Array(n);
    expect(generateReferenceCode(zeros)).toBe('AAA-AAAA-AAAA');
  });

  it('only produces valid codes', () => {
    fc.assert(
      fc.property(randomSources, (random) => {
        expect(isValidReferenceCode(generateReferenceCode(random))).toBe(true);
      }),
    );
  });

  it('gives different codes on each call with the default source', () => {
    expect(generateReferenceCode()).not.toBe(generateReferenceCode());
  });
});

describe('isValidReferenceCode', () => {
  it('catches every single-character substitution', () => {
    fc.assert(
      fc.property(compactCodes, (code) => {
        for (let position = 0; position < REFERENCE_CODE_LENGTH; position += 1) {
          for (const replacement of REFERENCE_CODE_ALPHABET) {
            if (replacement === code[position]) continue;
            const changed = code.slice(0, position) + replacement + code.slice(position + 1);
            expect(isValidReferenceCode(changed)).toBe(false);
          }
        }
      }),
    );
  });

  it('catches every adjacent transposition of different characters', () => {
    fc.assert(
      fc.property(compactCodes, (code) => {
        for (let position = 0; position < REFERENCE_CODE_LENGTH - 1; position += 1) {
          const [a, b] = [code[position] as string, code[position + 1] as string];
          if (a === b) continue;
          const swapped = code.slice(0, position) + b + a + code.slice(position + 2);
          expect(isValidReferenceCode(swapped)).toBe(false);
        }
      }),
    );
  });

  it('accepts a code typed in lower case with spaces', () => {
    const code = generateReferenceCode(() => Uint8Array.from([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]));
    expect(isValidReferenceCode(` ${code.toLowerCase().replaceAll('-', ' ')} `)).toBe(true);
  });

  it('rejects a code of the wrong length', () => {
    expect(isValidReferenceCode('AAA-AAAA-AAA')).toBe(false);
  });

  it('rejects a code with a look-alike character', () => {
    expect(isValidReferenceCode('AAA-AAAA-AAA0')).toBe(false);
  });
});

describe('referenceCodeCheckCharacter', () => {
  it('makes the weighted sum of all positions a multiple of 31', () => {
    const body = 'NWM7K3Q9XT';
    const code = body + referenceCodeCheckCharacter(body);
    const sum = [...code].reduce(
      (total, char, index) => total + (index + 1) * REFERENCE_CODE_ALPHABET.indexOf(char),
      0,
    );
    expect(sum % 31).toBe(0);
  });

  it('refuses a body of the wrong length', () => {
    expect(() => referenceCodeCheckCharacter('ABC')).toThrow(
      'reference code body "ABC" has 3 characters; expected 10',
    );
  });

  it('refuses a character outside the alphabet', () => {
    expect(() => referenceCodeCheckCharacter('ABCDEFGHJ0')).toThrow(
      '"0" is not a reference code character',
    );
  });
});

describe('normalizeReferenceCode', () => {
  it('trims, upper-cases and removes spaces and hyphens', () => {
    expect(normalizeReferenceCode('  nwm-7k3q 9xt4 ')).toBe('NWM7K3Q9XT4');
  });

  it('removes typographic dashes pasted from documents', () => {
    expect(normalizeReferenceCode('NWM\u20137K3Q\u20149XT4')).toBe('NWM7K3Q9XT4');
  });
});

describe('formatReferenceCode', () => {
  it('groups a compact code as 3-4-4', () => {
    expect(formatReferenceCode('nwm7k3q9xt4')).toBe('NWM-7K3Q-9XT4');
  });

  it('keeps extra characters of an over-long input in a last group', () => {
    expect(formatReferenceCode('ABCDEFGHJKMNP')).toBe('ABC-DEFG-HJKM-NP');
  });

  it('writes short input without empty groups', () => {
    expect(formatReferenceCode('ABCD')).toBe('ABC-D');
  });
});
