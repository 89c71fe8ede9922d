import { describe, expect, it } from 'vitest';
import { checkEmail, maskEmail } from './email-address';

describe('checkEmail', () => {
  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['Ana.Lopez@Example.COM', 'Ana.Lopez@example.com'],
    ['  ana+claims@mail.example.org ', 'ana+claims@mail.example.org'],
  ])('accepts %j as %s, lower-casing the domain only', (typed, address) => {
    expect(checkEmail(typed)).toEqual({ ok: true, value: address });
  });

  it.each([
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana lopez@example.com',
    'ana@@example.com',
  ])('refuses %j', (typed) => {
    expect(checkEmail(typed)).toEqual({ ok: false, code: 'email_invalid' });
  });
});

describe('maskEmail', () => {
  it('shows the first character of the local part and the domain', () => {
    expect(maskEmail('ana.lopez@example.com')).toBe('a•••@example.com');
  });

  it('shows the same run of dots whatever the length of the local part', () => {
    expect(maskEmail('an@example.com')).toBe('a•••@example.com');
  });

  it('shows nothing of a one-character local part', () => {
    expect(maskEmail('a@example.com')).toBe('•••@example.com');
  });

  it('shows nothing of text without a local part', () => {
    expect(maskEmail('example.com')).toBe('•••');
    expect(maskEmail('@example.com')).toBe('•••');
  });
});
