import { PAYMENT_METHOD_FIELD } from '@claims/core/contract/payment-election';
import type { FormType } from '@claims/core/form-types';
import { payoutMethodOfOption } from '@claims/core/payout/methods';
import type { ClaimsCase } from '../case/claims-case';

/** A claim's payout election as the claimant is shown it, in the culture `say` speaks. */
export interface ShownPayout {
  /** The paymentMethod option's value. */
  option: string;
  /** The option's label. */
  methodText: string;
  /** The method's details, masked (payout/methods.ts): account numbers show their last four. */
  details: { field: string; label: string; value: string }[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The election of a claim's ClaimDetails fields, or null when it has none. A sealed number
 * (payout-seal.ts) ends with its last four digits, so it is masked as the number itself is.
 * A value chosen from a list (the method, the account type) reads as its label.
 */
export function shownPayout(
  claimsCase: ClaimsCase,
  formType: FormType,
  details: Readonly<Record<string, unknown>>,
  say: (key: string) => string,
): ShownPayout | null {
  const option = text(details[PAYMENT_METHOD_FIELD]);
  if (option === '') return null;
  const fields = claimsCase.modelConfig(formType, 'ClaimDetails')?.fields ?? {};
  const label = (key: string, value: string) => {
    const choice = fields[key]?.options?.find((candidate) => candidate.value === value);
    return choice === undefined ? value : say(choice.label);
  };
  const shown: ShownPayout = {
    option,
    methodText: label(PAYMENT_METHOD_FIELD, option),
    details: [],
  };
  const method = payoutMethodOfOption(option);
  if (method === undefined) return shown;
  const values: Record<string, string> = {};
  for (const payoutField of method.fields) {
    const value = text(details[payoutField.key]);
    if (value !== '') values[payoutField.key] = value;
  }
  shown.details = Object.entries(method.display(values)).map(([field, value]) => {
    const fieldLabel = fields[field]?.label;
    return {
      field,
      label: fieldLabel === undefined || fieldLabel === '' ? field : say(fieldLabel),
      value: label(field, value),
    };
  });
  return shown;
}
