import { stripDigitSeparators } from './aba';
import { accepted, refused, type FieldCheck } from './problems';

/** Direct deposit (ACH): the account number, its type and how it is shown once entered. */

export const ACCOUNT_NUMBER_MIN_DIGITS = 4;
/** NACHA's DFI account number field holds 17 characters. */
export const ACCOUNT_NUMBER_MAX_DIGITS = 17;

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** How many of an account's last digits a claimant is ever shown. */
export const VISIBLE_DIGITS = 4;

/**
 * An account number as typed, normalised to its digits once spaces and dashes are removed,
 * or what is wrong with it. Leading zeros are part of the number and are kept.
 */
export function checkAccountNumber(text: string): FieldCheck {
  const digits = stripDigitSeparators(text);
  if (!/^[0-9]*$/.test(digits)) return refused('account_number_characters');
  if (digits.length < ACCOUNT_NUMBER_MIN_DIGITS || digits.length > ACCOUNT_NUMBER_MAX_DIGITS) {
    return refused('account_number_length', { count: String(digits.length) });
  }
  return accepted(digits);
}

/** 'checking' or 'savings', whatever the letter case and surrounding blanks. */
export function checkAccountType(text: string): FieldCheck {
  const type = text.trim().toLowerCase();
  return (ACCOUNT_TYPES as readonly string[]).includes(type)
    ? accepted(type)
    : refused('account_type_invalid');
}

/**
 * '•••• 1234': the last four digits of a number, and nothing else of it. Characters other
 * than digits are ignored; a number of four digits or fewer shows the digits it has.
 */
export function maskDigits(text: string): string {
  const digits = text.replace(/[^0-9]/g, '');
  return `•••• ${digits.slice(-VISIBLE_DIGITS)}`;
}
