import type { SubmittableFormType } from '@claims/core/form-types';
import type { Kysely } from 'kysely';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import { shownPayout } from '../services/payout-display';
import type { StoredModels } from '../services/submission-check';
import type { EmailRequest } from './compose-email';

/**
 * The claimant's receipt of a filed claim: the `ClaimReceipt` e-mail (the case's copy
 * `LocKey_Email_ClaimReceipt_Subject` and `_Body`) queued in the claim's own transaction, so it
 * is sent if and only if the claim is filed (docs/behaviour.md#receipts).
 *
 * Its placeholders: {referenceCode}, {firstName}, {lastName}, {payment} (the payout method's
 * label, and its details masked: never a full account number) and {documents} (the file names,
 * one a line). Nothing the claimant signed in with (a Notice ID, a PIN) is in it.
 */

export const RECEIPT_TEMPLATE = 'ClaimReceipt';

export interface FiledClaim {
  formType: SubmittableFormType;
  culture: string;
  referenceCode: string;
  models: StoredModels;
  /** The names the claimant chose the documents by. */
  documentNames: readonly string[];
}

export interface ReceiptMailer {
  enqueue(db: Kysely<Database>, request: EmailRequest): Promise<string>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The option label of the chosen method, then each detail of it masked, one a line. */
function paymentLines(
  claimsCase: ClaimsCase,
  claim: FiledClaim,
  say: (key: string) => string,
): string[] {
  const shown = shownPayout(
    claimsCase,
    claim.formType,
    claim.models.claimDetails?.fields ?? {},
    say,
  );
  if (shown === null) return [];
  return [shown.methodText, ...shown.details.map((detail) => detail.value)];
}

/** The request of the receipt, or null when the claim gave no e-mail address or the case no copy. */
export function receiptRequest(claimsCase: ClaimsCase, claim: FiledClaim): EmailRequest | null {
  const info = claim.models.claimantInfo?.fields ?? {};
  const to = text(info.emailAddress);
  if (to === '') return null;
  const culture = claimsCase.enabledCulture(claim.culture) ?? claimsCase.defaultCulture;
  if (claimsCase.text(culture, `LocKey_Email_${RECEIPT_TEMPLATE}_Subject`) === undefined) {
    return null;
  }
  const say = (key: string) => claimsCase.text(culture, key) ?? key;
  const none = say('LocKey_Email_ClaimReceipt_None');
  const payment = paymentLines(claimsCase, claim, say);
  return {
    template: RECEIPT_TEMPLATE,
    to,
    culture,
    params: {
      referenceCode: claim.referenceCode,
      firstName: text(info.firstName),
      lastName: text(info.lastName),
      payment: payment.length === 0 ? none : payment.join('\n'),
      documents: claim.documentNames.length === 0 ? none : claim.documentNames.join('\n'),
    },
  };
}

/** Queues the receipt through `trx` when the claim has an e-mail address; returns whether it did. */
export async function queueClaimReceipt(
  claimsCase: ClaimsCase,
  mailer: ReceiptMailer,
  trx: Kysely<Database>,
  claim: FiledClaim,
): Promise<boolean> {
  const request = receiptRequest(claimsCase, claim);
  if (request === null) return false;
  await mailer.enqueue(trx, request);
  return true;
}
