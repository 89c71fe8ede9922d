import { VISIBLE_DIGITS } from './ach';
import { checkEmail, maskEmail } from './email-address';
import { accepted, refused, type FieldCheck } from './problems';

/**
 * Venmo pays to the mobile number or the e-mail address of a Venmo account. Its mobile
 * numbers are US ones: the North American Numbering Plan's ten digits, whose area code and
 * exchange (the three digits after it) start with 2 to 9.
 */

const PHONE_CHARACTERS = /^\+?[0-9\s().-]+$/;

/**
 * A US mobile number as typed ('(213) 555-0147', '213.555.0147', '+1 213 555 0147',
 * '1-213-555-0147'), normalised to E.164 ('+12135550147'), or the first thing wrong with it.
 */
export function checkUsMobile(text: string): FieldCheck {
  const typed = text.trim();
  if (!PHONE_CHARACTERS.test(typed)) return refused('phone_characters');
  const digits = typed.replace(/[^0-9]/g, '');
  let national = digits;
  if (typed.startsWith('+')) {
    if (!digits.startsWith('1')) return refused('phone_country_code');
    national = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    national = digits.slice(1);
  }
  if (national.length !== 10) return refused('phone_length', { count: String(national.length) });
  if (/^[01]/.test(national)) return refused('phone_area_code');
  if (/^[01]/.test(national.slice(3))) return refused('phone_exchange');
  return accepted(`+1${national}`);
}

/**
 * What a claimant typed in Venmo's one field: an e-mail address when it has an '@', else a US
 * mobile number; anything with other characters is neither. Venmo shows its users their
 * '@username' first, so that gets its own message: payments cannot be sent to a username.
 */
export function checkVenmoContact(text: string): FieldCheck {
  const typed = text.trim();
  if (/^@[^@\s]+$/.test(typed)) return refused('venmo_username');
  if (typed.includes('@')) return checkEmail(typed);
  if (PHONE_CHARACTERS.test(typed)) return checkUsMobile(typed);
  return refused('phone_or_email_invalid');
}

/** '(•••) •••-0147': the last four digits of a phone number only. */
export function maskPhone(phone: string): string {
  return `(•••) •••-${phone.replace(/[^0-9]/g, '').slice(-VISIBLE_DIGITS)}`;
}

/** A normalised Venmo contact, masked: a phone as '(•••) •••-0147', an address as 'j•••@x.com'. */
export function maskVenmoContact(contact: string): string {
  return contact.startsWith('+') ? maskPhone(contact) : maskEmail(contact);
}
