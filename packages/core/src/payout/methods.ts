import {
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ACCOUNT_TYPE_FIELD,
  PAYMENT_EMAIL_FIELD,
  ROUTING_NUMBER_FIELD,
  VENMO_CONTACT_FIELD,
} from '../contract/payment-election';
import { checkRoutingNumber } from './aba';
import { ACCOUNT_TYPES, checkAccountNumber, checkAccountType, maskDigits } from './ach';
import { checkEmail, maskEmail } from './email-address';
import type { PayoutMaskName } from './payout-masks';
import {
  payoutProblem,
  type FieldCheck,
  type PayoutProblem,
  type PayoutProblemCode,
} from './problems';
import { checkVenmoContact, maskVenmoContact } from './venmo';

/**
 * The payout methods a case may offer, one table. Each method lists its fields; each field's
 * kind says how its value is checked, normalised and shown masked. What is shown never holds
 * more than the last four digits of an account or a phone number.
 */

export interface FieldKindDefinition {
  /** The value as typed (not blank), normalised, or what is wrong with it. */
  check(text: string): FieldCheck;
  /** A normalised value as the claimant is shown it once entered. */
  display(value: string): string;
}

export const PAYOUT_FIELD_KINDS = {
  email: { check: checkEmail, display: maskEmail },
  phoneOrEmail: { check: checkVenmoContact, display: maskVenmoContact },
  routingNumber: { check: checkRoutingNumber, display: maskDigits },
  accountNumber: { check: checkAccountNumber, display: maskDigits },
  /** Shown as its code, 'checking' or 'savings', which the page turns into copy. */
  accountType: { check: checkAccountType, display: (value: string) => value },
} as const satisfies Record<string, FieldKindDefinition>;

export type PayoutFieldKind = keyof typeof PAYOUT_FIELD_KINDS;

export interface PayoutField {
  /** The field's key in the claim's ClaimDetails model. */
  key: string;
  kind: PayoutFieldKind;
  /** The input mask of the field, if any (payout-masks.ts). */
  mask?: PayoutMaskName;
  required: boolean;
  /** The options of a field chosen from a list. */
  options?: readonly string[];
  /**
   * A field typed twice: the key of the field this one repeats, and the problem when the two
   * differ. A confirming field is neither kept nor shown.
   */
  confirms?: { field: string; mismatch: PayoutProblemCode };
}

export type PayoutValidation =
  | { ok: true; normalised: Record<string, string>; display: Record<string, string> }
  | { ok: false; problems: PayoutProblem[] };

export interface PayoutMethod {
  id: PayoutMethodId;
  /** The value the payment-election page's paymentMethod field stores for this method. */
  optionValue: string;
  fields: readonly PayoutField[];
  /** Checks the values of this method's fields, refusing keys it does not have. */
  validate(values: Readonly<Record<string, unknown>>): PayoutValidation;
  /** The normalised values the claimant is shown, masked, by field key. */
  display(normalised: Readonly<Record<string, string>>): Record<string, string>;
}

export const PAYOUT_METHOD_IDS = ['paypal', 'venmo', 'prepaid_card', 'ach', 'check'] as const;
export type PayoutMethodId = (typeof PAYOUT_METHOD_IDS)[number];

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

function displayFields(
  fields: readonly PayoutField[],
  normalised: Readonly<Record<string, string>>,
): Record<string, string> {
  const display: Record<string, string> = {};
  for (const field of fields) {
    const value = normalised[field.key];
    if (field.confirms === undefined && value !== undefined) {
      display[field.key] = PAYOUT_FIELD_KINDS[field.kind].display(value);
    }
  }
  return display;
}

function validateFields(
  method: PayoutMethodId,
  fields: readonly PayoutField[],
  values: Readonly<Record<string, unknown>>,
): PayoutValidation {
  const problems: PayoutProblem[] = [];
  const checked = new Map<string, string>();
  for (const field of fields) {
    const value = values[field.key];
    if (isBlank(value)) {
      if (field.required) problems.push(payoutProblem(field.key, 'required'));
      continue;
    }
    if (typeof value !== 'string') {
      problems.push(payoutProblem(field.key, 'text_expected'));
      continue;
    }
    const check = PAYOUT_FIELD_KINDS[field.kind].check(value);
    if (check.ok) checked.set(field.key, check.value);
    else problems.push(payoutProblem(field.key, check.code, check.params));
  }
  for (const field of fields) {
    if (field.confirms === undefined) continue;
    const confirmed = checked.get(field.confirms.field);
    const repeated = checked.get(field.key);
    if (confirmed !== undefined && repeated !== undefined && confirmed !== repeated) {
      problems.push(payoutProblem(field.key, field.confirms.mismatch));
    }
  }
  const keys = fields.map((field) => field.key);
  for (const key of Object.keys(values)) {
    if (!keys.includes(key)) {
      problems.push(
        payoutProblem(key, 'unknown_field', {
          field: key,
          method,
          fields: keys.length === 0 ? 'none' : keys.join(', '),
        }),
      );
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const normalised: Record<string, string> = {};
  for (const field of fields) {
    const value = checked.get(field.key);
    if (field.confirms === undefined && value !== undefined) normalised[field.key] = value;
  }
  return { ok: true, normalised, display: displayFields(fields, normalised) };
}

function payoutMethod(
  id: PayoutMethodId,
  optionValue: string,
  fields: readonly PayoutField[],
): PayoutMethod {
  return {
    id,
    optionValue,
    fields,
    validate: (values) => validateFields(id, fields, values),
    display: (normalised) => displayFields(fields, normalised),
  };
}

export const PAYOUT_METHODS: Readonly<Record<PayoutMethodId, PayoutMethod>> = {
  // The address of the PayPal account the claimant signs in to; the server compares it with
  // the one PayPal confirmed for the session.
  paypal: payoutMethod('paypal', 'PayPal', [
    { key: PAYMENT_EMAIL_FIELD, kind: 'email', required: true },
  ]),
  venmo: payoutMethod('venmo', 'Venmo', [
    { key: VENMO_CONTACT_FIELD, kind: 'phoneOrEmail', required: true },
  ]),
  // The card is sent to this address.
  prepaid_card: payoutMethod('prepaid_card', 'VirtualPrepaidCard', [
    { key: PAYMENT_EMAIL_FIELD, kind: 'email', required: true },
  ]),
  ach: payoutMethod('ach', 'DirectDeposit', [
    { key: ROUTING_NUMBER_FIELD, kind: 'routingNumber', mask: 'routingNumber', required: true },
    { key: ACCOUNT_NUMBER_FIELD, kind: 'accountNumber', mask: 'accountNumber', required: true },
    {
      key: ACCOUNT_NUMBER_CONFIRMATION_FIELD,
      kind: 'accountNumber',
      mask: 'accountNumber',
      required: true,
      confirms: { field: ACCOUNT_NUMBER_FIELD, mismatch: 'account_number_mismatch' },
    },
    { key: ACCOUNT_TYPE_FIELD, kind: 'accountType', required: true, options: ACCOUNT_TYPES },
  ]),
  // Mailed to the claimant's mailing address, which the claimant-info page holds.
  check: payoutMethod('check', 'Check', []),
};

export {
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ACCOUNT_TYPE_FIELD,
  ROUTING_NUMBER_FIELD,
  VENMO_CONTACT_FIELD,
};

/** The fields shown only by their last four digits wherever they are shown, review page included. */
export const MASKED_PAYOUT_FIELDS: readonly string[] = [ROUTING_NUMBER_FIELD, ACCOUNT_NUMBER_FIELD];

export function isPayoutMethodId(name: string): name is PayoutMethodId {
  return (PAYOUT_METHOD_IDS as readonly string[]).includes(name);
}

export function unknownPayoutMethodMessage(name: string): string {
  return `unknown payout method "${name}"; expected one of ${PAYOUT_METHOD_IDS.join(', ')}`;
}

/** A method by its id; throws for an unknown id, listing the known ones. */
export function getPayoutMethod(id: string): PayoutMethod {
  if (!isPayoutMethodId(id)) throw new Error(unknownPayoutMethodMessage(id));
  return PAYOUT_METHODS[id];
}

/** The method a paymentMethod option value stands for (case aside); undefined for none. */
export function payoutMethodOfOption(optionValue: string): PayoutMethod | undefined {
  const wanted = optionValue.trim().toLowerCase();
  return Object.values(PAYOUT_METHODS).find(
    (method) => method.optionValue.toLowerCase() === wanted,
  );
}
