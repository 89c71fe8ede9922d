import { normalizeEmail } from './paypal-client';
import type { PayPalVerification } from './paypal-session';

/** The claimant's payment election, as read from the submitted claim. */
export interface PaymentElection {
  /** The chosen payment method's value, e.g. "PayPal" or "Check". */
  method: string | null | undefined;
  /** The e-mail the claimant gave for a PayPal payment. */
  payPalEmail: string | null | undefined;
}

export const PAYPAL_PAYMENT_METHOD = 'PayPal';

export function electsPayPal(election: PaymentElection): boolean {
  return (
    typeof election.method === 'string' &&
    election.method.trim().toLowerCase() === PAYPAL_PAYMENT_METHOD.toLowerCase()
  );
}

/**
 * False when the claimant elects PayPal with an e-mail that is not a confirmed address of the
 * PayPal account they logged in to in this session (or never logged in): the submission then
 * answers 400 with nonMatchingPaymentElection true (docs/behaviour.md#payment-election). Any other
 * payment method matches.
 */
export function paymentElectionMatches(
  election: PaymentElection,
  verification: PayPalVerification | null,
): boolean {
  if (!electsPayPal(election)) return true;
  if (verification === null || verification.status !== 'verified') return false;
  if (typeof election.payPalEmail !== 'string') return false;
  const email = normalizeEmail(election.payPalEmail);
  return email !== '' && verification.emails.includes(email);
}
