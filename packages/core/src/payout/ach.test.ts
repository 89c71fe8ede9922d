import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAccountNumber, checkAccountType, maskDigits } from './ach';

describe('checkAccountNumber', () => {
  it.each([
    ['1234', '1234'],
    ['12345678901234567', '12345678901234567'],
    ['0001234567', '0001234567'],
    ['1234 5678 9012', '123456789012'],
    ['1234-5678-90', '1234567890'],
    [' 98765432 ', '98765432'],
  ])('accepts %j as %s', (typed, digits) => {
    expect(checkAccountNumber(typed)).toEqual({ ok: true, value: digits });
  });

  it.each([
    ['123', '3'],
    ['1 2-3', '3'],
    ['123456789012345678', '18'],
  ])('refuses %j, saying how many digits it has', (typed, count) => {
    expect(checkAccountNumber(typed)).toEqual({
      ok: false,
      code: 'account_number_length',
      params: { count },
    });
  });

  it.each(['12345678A', '1234.5678', '#12345678'])(
    'refuses %j, which has characters other than digits',
    (typed) => {
      expect(checkAccountNumber(typed)).toEqual({ ok: false, code: 'account_number_characters' });
    },
  );
});

describe('checkAccountType', () => {
  it.each([
    ['checking', 'checking'],
    ['savings', 'savings'],
    [' Checking ', 'checking'],
    ['SAVINGS', 'savings'],
  ])('accepts %j as %s', (typed, type) => {
    expect(checkAccountType(typed)).toEqual({ ok: true, value: type });
  });

  it.each(['money market', 'check', ''])('refuses %j', (typed) => {
    expect(checkAccountType(typed)).toEqual({ ok: false, code: 'account_type_invalid' });
  });
});

describe('maskDigits', () => {
  it('shows the last four digits after four dots', () => {
    expect(maskDigits('123456789012')).toBe('•••• 9012');
  });

  it('shows no more digits than a short number has', () => {
    expect(maskDigits('987')).toBe('•••• 987');
  });

  it('never shows more than the last four digits of a number', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '1', '7', '9', ' ', '-', 'a') }),
        (text) => {
          const masked = maskDigits(text);
          const shown = masked.replace(/[^0-9]/g, '');
          const digits = text.replace(/[^0-9]/g, '');
          expect(shown.length).toBeLessThanOrEqual(4);
          expect(digits.endsWith(shown)).toBe(true);
        },
      ),
    );
  });
});
