import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUsMobile, checkVenmoContact, maskPhone, maskVenmoContact } from './venmo';

describe('checkVenmoContact', () => {
  it.each([
    '(213) 555-0147',
    '213-555-0147',
    '213.555.0147',
    '2135550147',
    ' 213 555 0147 ',
    '+1 213 555 0147',
    '+12135550147',
    '+1 (213) 555-0147',
    '1 (213) 555-0147',
    '1-213-555-0147',
    '12135550147',
  ])('takes the phone number %j as +12135550147', (typed) => {
    expect(checkVenmoContact(typed)).toEqual({ ok: true, value: '+12135550147' });
  });

  it('takes an e-mail address, lower-casing its domain', () => {
    expect(checkVenmoContact('Ana.Lopez@Example.com')).toEqual({
      ok: true,
      value: 'Ana.Lopez@example.com',
    });
  });

  it.each(['ana@example', 'ana @example.com', '2135550147@'])(
    'judges %j, which has an @, as an e-mail address',
    (typed) => {
      expect(checkVenmoContact(typed)).toEqual({ ok: false, code: 'email_invalid' });
    },
  );

  it.each(['@ana-lopez', ' @Ana_Lopez-7 '])(
    'refuses the Venmo username %j with its own message',
    (typed) => {
      expect(checkVenmoContact(typed)).toEqual({ ok: false, code: 'venmo_username' });
    },
  );

  it.each(['ana-lopez', '213-555-0147 ext 2', '(213) 555-O147'])(
    'refuses %j, which is neither a phone number nor an e-mail address',
    (typed) => {
      expect(checkVenmoContact(typed)).toEqual({ ok: false, code: 'phone_or_email_invalid' });
    },
  );

  it.each([
    ['555-0147', '7'],
    ['213 555 014', '9'],
    ['+1 213 555 01470', '11'],
    ['213 555 01470', '11'],
    ['121 3555 01470', '12'],
  ])('refuses %j, saying how many digits the number has', (typed, count) => {
    expect(checkVenmoContact(typed)).toEqual({
      ok: false,
      code: 'phone_length',
      params: { count },
    });
  });

  it.each(['+44 20 7946 0958', '+52 55 1234 5678'])(
    'refuses %j, which is not a +1 number',
    (typed) => {
      expect(checkVenmoContact(typed)).toEqual({ ok: false, code: 'phone_country_code' });
    },
  );

  it.each(['(013) 555-0147', '(113) 555-0147', '+1 013 555 0147'])(
    'refuses %j, whose area code starts with 0 or 1',
    (typed) => {
      expect(checkVenmoContact(typed)).toEqual({ ok: false, code: 'phone_area_code' });
    },
  );

  it.each(['(213) 055-0147', '(213) 155-0147', '1 213 155 0147'])(
    'refuses %j, whose exchange starts with 0 or 1',
    (typed) => {
      expect(checkVenmoContact(typed)).toEqual({ ok: false, code: 'phone_exchange' });
    },
  );

  it('takes any NANP number, however it is punctuated, as +1 and its ten digits', () => {
    const leadingDigit = fc.integer({ min: 2, max: 9 }).map(String);
    const number = fc
      .tuple(
        leadingDigit,
        fc.stringMatching(/^[0-9]{2}$/),
        leadingDigit,
        fc.stringMatching(/^[0-9]{6}$/),
      )
      .map((parts) => parts.join(''));
    const written = fc.constantFrom(
      (digits: string) => digits,
      (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      (digits: string) => `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
      (digits: string) => `+1 ${digits}`,
      (digits: string) => `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
    );
    fc.assert(
      fc.property(number, written, (digits, write) => {
        expect(checkVenmoContact(write(digits))).toEqual({ ok: true, value: `+1${digits}` });
      }),
    );
  });
});

describe('checkUsMobile', () => {
  it('refuses characters a phone number does not have', () => {
    expect(checkUsMobile('213#555#0147')).toEqual({ ok: false, code: 'phone_characters' });
  });
});

describe('maskPhone', () => {
  it('shows the last four digits only', () => {
    expect(maskPhone('+12135550147')).toBe('(•••) •••-0147');
  });
});

describe('maskVenmoContact', () => {
  it('masks a phone number as a phone number', () => {
    expect(maskVenmoContact('+12135550147')).toBe('(•••) •••-0147');
  });

  it('masks an e-mail address as an e-mail address', () => {
    expect(maskVenmoContact('ana.lopez@example.com')).toBe('a•••@example.com');
  });
});
