import { PAYMENT_METHOD_FIELD } from '../contract/payment-election';
import { PAYOUT_METHODS, isPayoutMethodId, type PayoutMethodId } from './methods';
import { payoutProblem, type PayoutProblem } from './problems';
import type { PayoutSettings } from './settings';

export type PayoutElectionResult =
  | {
      ok: true;
      method: PayoutMethodId;
      /** The values to store (encrypted where they are account details), by field key. */
      normalised: Record<string, string>;
      /** The values the claimant is shown, masked, by field key. */
      display: Record<string, string>;
    }
  | { ok: false; problems: PayoutProblem[] };

/**
 * A claimant's payout election as the browser and the server both judge it: the method must be
 * one the case offers (an unknown or disabled one is a problem on the paymentMethod field),
 * and the values must be exactly that method's fields, each valid.
 */
export function validatePayoutElection(
  method: string,
  values: Readonly<Record<string, unknown>>,
  settings: Pick<PayoutSettings, 'methods'>,
): PayoutElectionResult {
  if (!isPayoutMethodId(method) || !settings.methods.includes(method)) {
    return {
      ok: false,
      problems: [
        payoutProblem(PAYMENT_METHOD_FIELD, 'method_not_offered', {
          method,
          methods: settings.methods.join(', '),
        }),
      ],
    };
  }
  const result = PAYOUT_METHODS[method].validate(values);
  return result.ok ? { ...result, method } : result;
}
