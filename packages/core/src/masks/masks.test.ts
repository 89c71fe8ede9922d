import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_FORMATS,
  MASKS,
  MASK_NAMES,
  MASK_TOKENS,
  applyMask,
  conformsToMask,
  formatDisplayPhone,
  getMask,
  maskExample,
  isDynamicMask,
  isNumberMask,
  isPatternMask,
  isRegExpMask,
  unmaskedValue,
  type MaskName,
} from './masks';

const ACCEPTS: Readonly<Record<MaskName, readonly string[]>> = {
  currency: ['0', '7', '999', '1,000', '1,234,567'],
  currencyTwoDecimals: ['0.00', '0.50', '12.34', '1,234.50'],
  decimal: ['0', '12.5', '.5', '1234567890123456', '123456789012345.'],
  internationalPhone: ['442079460958', '1234567890123456'],
  date: ['01/02/2020', '12/31/1999'],
  usPhone: ['(123) 456-7890'],
  vin: ['1HGCM82633A004352', 'ABC123'],
  usZip: ['12345', '12345-6789'],
  nonUsZip: ['SW1A 1AA', 'k1a0b1', 'ABCDEFGHIJ'],
  '': ['anything at all', '©'],
};

const REJECTS: Readonly<Record<MaskName, readonly string[]>> = {
  currency: ['1234', '1,23', '12.5', '-5', '007', '$5', '1,000.00'],
  currencyTwoDecimals: ['12', '12.3', '12.345', '1234.00', '.50', '1,234.5'],
  decimal: ['1.2.3', '12345678901234567', '1,5', 'a1', '-1'],
  internationalPhone: ['+442079460958', '12345678901234567', '207 946 0958'],
  date: ['1/2/2020', '01/02/20', '01022020', '01-02-2020', '01/02/2020x'],
  usPhone: ['1234567890', '123-456-7890', '(123) 456-789', '(123)456-7890'],
  vin: ['1hgcm82633a004352', '1HGCM82633A0043521', '1HG-CM8'],
  usZip: ['1234', '123456', '12345-', '12345-67', '123456789'],
  nonUsZip: ['ABCDEFGHIJK', 'A-1', 'Ä1'],
  '': [],
};

describe.each(MASK_NAMES.map((name) => [name === '' ? 'the empty mask type' : name, name]))(
  '%s',
  (_label, name) => {
    it.each(ACCEPTS[name])('accepts %j', (value) => {
      expect(conformsToMask(name, value)).toBe(true);
    });

    it.skipIf(REJECTS[name].length === 0).each(REJECTS[name])('rejects %j', (value) => {
      expect(conformsToMask(name, value)).toBe(false);
    });

    it('accepts the empty string, leaving that to the required rules', () => {
      expect(conformsToMask(name, '')).toBe(true);
    });
  },
);

describe('applyMask', () => {
  it.each([
    ['usPhone', '123-456-7890', '(123) 456-7890'],
    ['usPhone', '123', '(123'],
    ['date', '01022020', '01/02/2020'],
    ['usZip', '123456789', '12345-6789'],
    ['currency', '1234567', '1,234,567'],
    ['currency', '12.34', '12'],
    ['currency', '.5', ''],
    ['currencyTwoDecimals', '1234.5', '1,234.50'],
    ['currencyTwoDecimals', '.', '0.00'],
    ['currencyTwoDecimals', '1.239', '1.23'],
    ['currency', '90071992547409919', '9,007,199,254,740,991'],
    ['vin', '1hg-cm8', '1HGCM8'],
    ['decimal', '1.2.3', '1.23'],
    ['internationalPhone', '+44 20 7946 0958', '442079460958'],
    ['nonUsZip', 'SW1A-1AA', 'SW1A1AA'],
    ['', ' as typed ', ' as typed '],
  ] as const)('%s shows %j as %j', (name, input, shown) => {
    expect(applyMask(name, input)).toBe(shown);
  });
});

describe('unmaskedValue', () => {
  it.each([
    ['usPhone', '(123) 456-7890', '1234567890'],
    ['date', '01/02/2020', '01022020'],
    ['usZip', '12345-6789', '123456789'],
    ['currency', '1,234,567', '1234567'],
    ['currencyTwoDecimals', '1,234.50', '1234.5'],
    ['currencyTwoDecimals', '0.00', '0'],
    ['currency', '007', '7'],
    ['vin', '1hgcm8', '1HGCM8'],
    ['', '(123) 456', '(123) 456'],
  ] as const)('%s gives %j as %j', (name, value, raw) => {
    expect(unmaskedValue(name, value)).toBe(raw);
  });
});

describe('getMask', () => {
  it('gives react-imask pattern options with the three tokens', () => {
    expect(getMask('usPhone')).toEqual({ mask: '(000) 000-0000', definitions: MASK_TOKENS });
  });

  it('gives react-imask Number options for the currency masks', () => {
    expect(getMask('currencyTwoDecimals')).toMatchObject({
      mask: Number,
      scale: 2,
      thousandsSeparator: ',',
      radix: '.',
      padFractionalZeros: true,
    });
  });

  it('gives null for the empty mask type', () => {
    expect(getMask('')).toBeNull();
  });

  it('treats an absent mask name as the empty mask type', () => {
    expect(getMask(undefined)).toBeNull();
  });

  it('throws for an unknown mask type, listing the known ones', () => {
    expect(() => getMask('ssn')).toThrow(
      'no mask for mask type "ssn"; expected one of "currency", "currencyTwoDecimals", "decimal", "internationalPhone", "date", "usPhone", "vin", "usZip", "nonUsZip", ""',
    );
  });

  it('throws for an unknown mask type when checking a value', () => {
    expect(() => conformsToMask('ssn', '123')).toThrow('no mask for mask type "ssn"');
  });

  it('does not take inherited properties for mask types', () => {
    expect(() => getMask('constructor')).toThrow('no mask for mask type "constructor"');
  });

  it('classifies every mask as exactly one kind of imask options', () => {
    const kinds = MASK_NAMES.flatMap((name) => {
      const options = MASKS[name];
      return options
        ? [
            [
              isPatternMask(options),
              isRegExpMask(options),
              isNumberMask(options),
              isDynamicMask(options),
            ],
          ]
        : [];
    });
    expect(kinds.every((flags) => flags.filter(Boolean).length === 1)).toBe(true);
  });
});

describe('the US ZIP mask', () => {
  it('gives imask two alternatives, five digits or nine, instead of an optional part', () => {
    expect(getMask('usZip')).toEqual({
      mask: [
        { mask: '00000', definitions: MASK_TOKENS },
        { mask: '00000-0000', definitions: MASK_TOKENS },
      ],
    });
  });

  it('masks what is typed with the alternative that takes the most of it', () => {
    expect(
      ['1234', '12345', '123456', '12345-', '123456789'].map((typed) => applyMask('usZip', typed)),
    ).toEqual(['1234', '12345', '12345-6', '12345-', '12345-6789']);
  });
});

describe('maskExample', () => {
  it('gives a finished value of every mask type', () => {
    for (const name of MASK_NAMES) {
      expect({ name, conforms: conformsToMask(name, maskExample(name)) }).toEqual({
        name,
        conforms: true,
      });
    }
  });

  it('throws for an unknown mask type', () => {
    expect(() => maskExample('ssn')).toThrow('no mask for mask type "ssn"');
  });
});

describe('MASK_TOKENS', () => {
  it('lets "0" stand for a digit', () => {
    expect(['5', 'a', '٣'].map((char) => MASK_TOKENS['0'].test(char))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('lets "a" stand for a letter', () => {
    expect(['Q', 'q', '1', '-'].map((char) => MASK_TOKENS.a.test(char))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('lets "*" stand for a letter or a digit, not any character', () => {
    expect(['Q', '1', ' ', '#'].map((char) => MASK_TOKENS['*'].test(char))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

const maskName = fc.constantFrom(...MASK_NAMES);
const text = fc.string({ unit: 'binary', maxLength: 40 });
const digitsAndPunctuation = fc.string({
  unit: fc.constantFrom(...'0123456789.,-() /abcXYZ '),
  maxLength: 30,
});
const anyInput = fc.oneof(text, digitsAndPunctuation);

describe('mask properties', () => {
  it('masks any text to a value that masking leaves as it is', () => {
    fc.assert(
      fc.property(maskName, anyInput, (name, input) => {
        const shown = applyMask(name, input);
        expect(applyMask(name, shown)).toBe(shown);
      }),
    );
  });

  it('unmasks any text to the raw value of its masked form', () => {
    fc.assert(
      fc.property(maskName, anyInput, (name, input) => {
        expect(unmaskedValue(name, applyMask(name, input))).toBe(unmaskedValue(name, input));
      }),
    );
  });

  it('accepts exactly the finished values whose raw value masks back to them', () => {
    fc.assert(
      fc.property(maskName, anyInput, (name, input) => {
        const value = applyMask(name, input);
        if (conformsToMask(name, value)) {
          expect(applyMask(name, unmaskedValue(name, value))).toBe(value);
        }
      }),
    );
  });

  it('round-trips every conforming value through its raw value', () => {
    fc.assert(
      fc.property(maskName, anyInput, (name, value) => {
        if (conformsToMask(name, value)) {
          expect(applyMask(name, unmaskedValue(name, value))).toBe(value);
        }
      }),
    );
  });

  it('accepts any full US phone number typed as ten digits', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 10, maxLength: 10 }),
        (digits) => {
          const shown = applyMask('usPhone', digits);
          expect(conformsToMask('usPhone', shown)).toBe(true);
          expect(unmaskedValue('usPhone', shown)).toBe(digits);
        },
      ),
    );
  });

  it('accepts any whole amount in the currency mask', () => {
    fc.assert(
      fc.property(fc.nat(), (amount) => {
        const shown = applyMask('currency', String(amount));
        expect(conformsToMask('currency', shown)).toBe(true);
        expect(Number(unmaskedValue('currency', shown))).toBe(amount);
      }),
    );
  });

  it('accepts any amount in cents in the two-decimal currency mask', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const input = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const shown = applyMask('currencyTwoDecimals', input);
        expect(conformsToMask('currencyTwoDecimals', shown)).toBe(true);
        expect(Math.round(Number(unmaskedValue('currencyTwoDecimals', shown)) * 100)).toBe(cents);
      }),
    );
  });
});

describe('DISPLAY_FORMATS', () => {
  it('shows dates as mm/dd/yyyy and phones as (123) 456-7890', () => {
    expect(DISPLAY_FORMATS).toEqual({ date: 'mm/dd/yyyy', phone: '(123) 456-7890' });
  });
});

describe('formatDisplayPhone', () => {
  it.each(['1234567890', '123-456-7890', '123.456.7890', '(123) 456-7890'])(
    'shows %j as (123) 456-7890',
    (value) => {
      expect(formatDisplayPhone(value)).toBe('(123) 456-7890');
    },
  );

  it('shows a number that is not ten digits as entered', () => {
    expect(formatDisplayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
