import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRoutingNumber,
  isRoutingPrefix,
  isValidRoutingNumber,
  routingCheckDigit,
  routingChecksumHolds,
} from './aba';

/** Routing numbers the banks publish for ACH deposits. */
const PUBLISHED: readonly (readonly [string, string])[] = [
  ['JPMorgan Chase (New York)', '021000021'],
  ['JPMorgan Chase (California)', '322271627'],
  ['Bank of America (New York)', '026009593'],
  ['Bank of America (California)', '121000358'],
  ['Wells Fargo (California)', '121000248'],
  ['Citibank (New York)', '021000089'],
  ['U.S. Bank (Minnesota)', '091000022'],
  ['PNC Bank (Pennsylvania)', '043000096'],
  ['TD Bank', '031101266'],
  ['Truist', '061000104'],
  ['Capital One', '051405515'],
  ['USAA Federal Savings Bank', '314074269'],
  ['Navy Federal Credit Union', '256074974'],
  ['U.S. Treasury', '000000518'],
];

/** The same numbers with one digit changed, as a typing slip would change them. */
const ONE_DIGIT_CHANGED: readonly (readonly [string, string])[] = [
  ['021000021', '021000022'],
  ['322271627', '322281627'],
  ['026009593', '026009693'],
  ['121000358', '121000353'],
  ['121000248', '121001248'],
  ['021000089', '021000080'],
  ['091000022', '091000032'],
  ['043000096', '043700096'],
  ['031101266', '031101276'],
  ['061000104', '061000105'],
  ['051405515', '051405615'],
  ['314074269', '314074299'],
  ['256074974', '256074975'],
  ['000000518', '000000519'],
];

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** The checksum and prefix ranges written out again, as the oracle of the properties. */
function checksumHolds(digits: string): boolean {
  return (
    [...digits].reduce((sum, digit, index) => sum + WEIGHTS[index]! * Number(digit), 0) % 10 === 0
  );
}

function prefixInRange(digits: string): boolean {
  const prefix = Number(digits.slice(0, 2));
  return (
    prefix <= 12 ||
    (prefix >= 21 && prefix <= 32) ||
    (prefix >= 61 && prefix <= 72) ||
    prefix === 80
  );
}

const nineDigits = fc.stringMatching(/^[0-9]{9}$/);

const IN_RANGE_PREFIXES = Array.from({ length: 100 }, (_, value) =>
  String(value).padStart(2, '0'),
).filter((prefix) => prefixInRange(`${prefix}0000000`));

/** A number whose prefix is in range and whose checksum holds, nine zeros excepted. */
const validRoutingNumber = fc
  .tuple(fc.constantFrom(...IN_RANGE_PREFIXES), fc.stringMatching(/^[0-9]{6}$/))
  .map(([prefix, middle]) => {
    const firstEight = `${prefix}${middle}`;
    const last = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((digit) =>
      checksumHolds(`${firstEight}${digit}`),
    );
    return `${firstEight}${String(last)}`;
  })
  .filter((digits) => digits !== '000000000');

function withCheckDigit(firstEight: string): string {
  return `${firstEight}${routingCheckDigit(firstEight)}`;
}

describe('checkRoutingNumber', () => {
  it.each(PUBLISHED)('accepts the routing number of %s, %s', (_bank, number) => {
    expect(checkRoutingNumber(number)).toEqual({ ok: true, value: number });
  });

  it.each(ONE_DIGIT_CHANGED)(
    'refuses %s with one digit changed, %s, for its check digit',
    (_valid, changed) => {
      expect(checkRoutingNumber(changed)).toEqual({
        ok: false,
        code: 'routing_number_check_digit',
      });
    },
  );

  it.each(['0210 0002 1', '021-000-021', ' 021000021 '])(
    'removes the spaces and dashes of %j',
    (typed) => {
      expect(checkRoutingNumber(typed)).toEqual({ ok: true, value: '021000021' });
    },
  );

  it.each(['02100002l', '021.000.021', '+21000021'])(
    'refuses %j, which has characters other than digits',
    (typed) => {
      expect(checkRoutingNumber(typed)).toEqual({ ok: false, code: 'routing_number_characters' });
    },
  );

  it.each([
    ['02100002', '8'],
    ['0210000210', '10'],
    ['', '0'],
  ])('refuses %j, saying how many digits it has', (typed, count) => {
    expect(checkRoutingNumber(typed)).toEqual({
      ok: false,
      code: 'routing_number_length',
      params: { count },
    });
  });

  it.each(['13', '20', '33', '60', '73', '79', '81', '99'])(
    'refuses a number starting with %s, outside the Federal Reserve ranges, naming the prefix',
    (prefix) => {
      expect(checkRoutingNumber(withCheckDigit(`${prefix}000000`))).toEqual({
        ok: false,
        code: 'routing_number_prefix',
        params: { prefix },
      });
    },
  );

  it('refuses nine zeros, which pass the checksum but belong to no bank', () => {
    expect(checkRoutingNumber('000000000')).toEqual({
      ok: false,
      code: 'routing_number_unassigned',
    });
  });

  it('accepts every 9-digit number whose checksum holds and whose prefix is in range', () => {
    fc.assert(
      fc.property(validRoutingNumber, (digits) => {
        expect(checkRoutingNumber(digits)).toEqual({ ok: true, value: digits });
      }),
    );
  });

  it('refuses every 9-digit number whose checksum fails', () => {
    fc.assert(
      fc.property(nineDigits, (digits) => {
        fc.pre(!checksumHolds(digits));
        expect(isValidRoutingNumber(digits)).toBe(false);
      }),
    );
  });

  it('refuses every 9-digit number whose prefix is out of range', () => {
    fc.assert(
      fc.property(nineDigits, (digits) => {
        fc.pre(!prefixInRange(digits));
        expect(isValidRoutingNumber(digits)).toBe(false);
      }),
    );
  });

  it('refuses a valid number with any single digit changed', () => {
    fc.assert(
      fc.property(
        validRoutingNumber,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, position, shift) => {
          const changed = String((Number(digits[position]) + shift) % 10);
          const typo = `${digits.slice(0, position)}${changed}${digits.slice(position + 1)}`;
          expect(isValidRoutingNumber(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('routingCheckDigit', () => {
  it('completes the first eight digits of a published number with its ninth', () => {
    expect(routingCheckDigit('02100002')).toBe('1');
    expect(routingCheckDigit('12100024')).toBe('8');
  });

  it('completes any eight digits into a number whose checksum holds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8}$/), (firstEight) => {
        expect(routingChecksumHolds(withCheckDigit(firstEight))).toBe(true);
      }),
    );
  });

  it.each(['0210000', '021000021', '0210000a'])('refuses %j, which is not eight digits', (text) => {
    expect(() => routingCheckDigit(text)).toThrow(
      `expected the first 8 digits of a routing number; got "${text}"`,
    );
  });
});

describe('routingChecksumHolds', () => {
  it('is false for anything but nine digits', () => {
    expect(routingChecksumHolds('0000000000')).toBe(false);
    expect(routingChecksumHolds('00000000a')).toBe(false);
  });
});

describe('isRoutingPrefix', () => {
  it.each(['00', '01', '12', '21', '32', '61', '72', '80'])(
    'takes %s, at the edge of a range',
    (prefix) => {
      expect(isRoutingPrefix(prefix)).toBe(true);
    },
  );

  it.each(['13', '20', '33', '60', '73', '79', '81', '1', '123', 'a1'])('refuses %j', (prefix) => {
    expect(isRoutingPrefix(prefix)).toBe(false);
  });
});
