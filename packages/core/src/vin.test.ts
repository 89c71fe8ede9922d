import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidVin, normalizeVin, vinCheckDigit, withVinCheckDigit } from './vin';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const vinBodies = fc
  .array(fc.constantFrom(...VIN_CHARS), { minLength: 17, maxLength: 17 })
  .map((chars) => chars.join(''));

describe('vinCheckDigit', () => {
  it('computes X for the textbook example 1M8GDM9A_KP042788', () => {
    expect(vinCheckDigit('1M8GDM9A_KP042788')).toBe('X');
  });

  it('computes 1 for a VIN of all ones', () => {
    // 1 × (sum of the weights, 89) = 89 ≡ 1 (mod 11)
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('ignores whatever stands in position 9', () => {
    expect(vinCheckDigit('1HGCM826?3A004352')).toBe(vinCheckDigit('1HGCM82603A004352'));
  });

  it('reads lower-case letters as upper-case ones', () => {
    expect(vinCheckDigit('1m8gdm9a0kp042788')).toBe('X');
  });

  it('refuses a VIN of the wrong length', () => {
    expect(() => vinCheckDigit('1M8GDM9A')).toThrow(
      'invalid VIN "1M8GDM9A"; expected 17 letters or digits without I, O or Q',
    );
  });

  it('refuses the letters I, O and Q', () => {
    expect(() => vinCheckDigit('IM8GDM9A0KP042788')).toThrow('invalid VIN');
    expect(() => vinCheckDigit('1M8GDM9A0KP04278O')).toThrow('invalid VIN');
    expect(() => vinCheckDigit('1M8GDM9A0KQ042788')).toThrow('invalid VIN');
  });
});

describe('isValidVin', () => {
  it.each(['1M8GDM9AXKP042788', '11111111111111111', '1HGCM82633A004352', 'JH4KA7561PC008269'])(
    'accepts the real VIN %s',
    (vin) => {
      expect(isValidVin(vin)).toBe(true);
    },
  );

  it('rejects a VIN whose check digit is wrong', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
  });

  it('accepts lower-case letters', () => {
    expect(isValidVin('1m8gdm9axkp042788')).toBe(true);
  });

  it('rejects a VIN with a letter I, O or Q', () => {
    expect(isValidVin('1M8GDM9AXKP04278O')).toBe(false);
  });

  it('rejects a VIN of the wrong length', () => {
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false);
  });

  it('accepts every VIN completed by withVinCheckDigit', () => {
    fc.assert(
      fc.property(vinBodies, (body) => {
        expect(isValidVin(withVinCheckDigit(body))).toBe(true);
      }),
    );
  });

  it('rejects a real VIN with one mistyped digit', () => {
    expect(isValidVin('1M8GDM9AXKP042789')).toBe(false);
  });
});

describe('withVinCheckDigit', () => {
  it('writes the check digit into position 9', () => {
    expect(withVinCheckDigit('1m8gdm9a0kp042788')).toBe('1M8GDM9AXKP042788');
  });
});

describe('normalizeVin', () => {
  it('trims, upper-cases and removes spaces and hyphens', () => {
    expect(normalizeVin(' 1m8-gdm9a xkp042788 ')).toBe('1M8GDM9AXKP042788');
  });
});
