import { CLIENT_MESSAGES } from '../rules/client-rules';
import {
  SHARED_MESSAGES,
  formatMessage,
  messageFor,
  type Localize,
  type MessageParams,
  type MessageText,
} from '../rules/messages';

/**
 * What can be wrong with a payout election, one stable code per kind of problem. The browser
 * and the server give the same code for the same input; the page shows the text of the code's
 * content key in the claimant's culture, else the English default. Placeholders are named, as
 * in the validation messages: {count}, {prefix}, {method}, {methods}, {field}, {fields}.
 */
export const PAYOUT_MESSAGES = {
  required: SHARED_MESSAGES.required,
  text_expected: { key: 'LocKey_Payout_TextExpected', text: 'Enter the value as text' },
  method_not_offered: {
    key: 'LocKey_Payout_MethodNotOffered',
    text: '"{method}" is not a payment method this settlement offers; choose one of {methods}',
  },
  unknown_field: {
    key: 'LocKey_Payout_UnknownField',
    text: '"{field}" is not a field of the {method} payment method; expected {fields}',
  },
  email_invalid: CLIENT_MESSAGES.email,
  routing_number_characters: {
    key: 'LocKey_Payout_RoutingNumber_Characters',
    text: 'A routing number has digits only',
  },
  routing_number_length: {
    key: 'LocKey_Payout_RoutingNumber_Length',
    text: 'A routing number has 9 digits; this one has {count}',
  },
  routing_number_prefix: {
    key: 'LocKey_Payout_RoutingNumber_Prefix',
    text: 'A routing number starts with 00 to 12, 21 to 32, 61 to 72 or 80; this one starts with {prefix}',
  },
  routing_number_check_digit: {
    key: 'LocKey_Payout_RoutingNumber_CheckDigit',
    text: 'This routing number is not valid: its last digit does not match the others. Copy it again from a check or from your bank',
  },
  routing_number_unassigned: {
    key: 'LocKey_Payout_RoutingNumber_Unassigned',
    text: 'No bank has the routing number 000000000',
  },
  account_number_characters: {
    key: 'LocKey_Payout_AccountNumber_Characters',
    text: 'An account number has digits only',
  },
  account_number_length: {
    key: 'LocKey_Payout_AccountNumber_Length',
    text: 'An account number has 4 to 17 digits; this one has {count}',
  },
  account_number_mismatch: {
    key: 'LocKey_Payout_AccountNumber_Mismatch',
    text: 'The account numbers do not match',
  },
  account_type_invalid: {
    key: 'LocKey_Payout_AccountType_Invalid',
    text: 'Choose checking or savings',
  },
  phone_or_email_invalid: {
    key: 'LocKey_Payout_PhoneOrEmail_Invalid',
    text: 'Enter a US mobile number or an email address',
  },
  venmo_username: {
    key: 'LocKey_Payout_Venmo_Username',
    text: 'Enter the mobile number or email address of your Venmo account, not its @username',
  },
  phone_characters: {
    key: 'LocKey_Payout_Phone_Characters',
    text: 'A phone number has digits only',
  },
  phone_country_code: {
    key: 'LocKey_Payout_Phone_CountryCode',
    text: 'Enter a US mobile number: only +1 numbers are accepted',
  },
  phone_length: {
    key: 'LocKey_Payout_Phone_Length',
    text: 'A US mobile number has 10 digits; this one has {count}',
  },
  phone_area_code: {
    key: 'LocKey_Payout_Phone_AreaCode',
    text: 'The area code (the first 3 digits) cannot start with 0 or 1',
  },
  phone_exchange: {
    key: 'LocKey_Payout_Phone_Exchange',
    text: 'The 3 digits after the area code cannot start with 0 or 1',
  },
} as const satisfies Record<string, MessageText>;

export type PayoutProblemCode = keyof typeof PAYOUT_MESSAGES;

/** One thing wrong with one field of an election, with its English text filled in. */
export interface PayoutProblem {
  field: string;
  code: PayoutProblemCode;
  params: MessageParams;
  /** The English default; `payoutProblemMessage` gives the claimant's culture. */
  message: string;
}

/** A field's value as its checker found it: the normalised value, or what is wrong with it. */
export type FieldCheck =
  { ok: true; value: string } | { ok: false; code: PayoutProblemCode; params?: MessageParams };

export function accepted(value: string): FieldCheck {
  return { ok: true, value };
}

export function refused(code: PayoutProblemCode, params?: MessageParams): FieldCheck {
  return params === undefined ? { ok: false, code } : { ok: false, code, params };
}

export function payoutProblem(
  field: string,
  code: PayoutProblemCode,
  params: MessageParams = {},
): PayoutProblem {
  return { field, code, params, message: formatMessage(PAYOUT_MESSAGES[code].text, params) };
}

/** The problem's message in the active culture, else in English. */
export function payoutProblemMessage(problem: PayoutProblem, localize?: Localize): string {
  return messageFor(PAYOUT_MESSAGES[problem.code], problem.params, localize);
}

/** Every message a payout election can give, for content authors and content checks. */
export function payoutMessageCatalogue(): MessageText[] {
  return Object.values(PAYOUT_MESSAGES);
}
