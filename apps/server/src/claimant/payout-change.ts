import type { ClaimSection } from '@claims/core/admin/admin-api';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { PayoutSummary } from '@claims/core/contract/claimant-api';
import { PAYMENT_FIELDS, PAYMENT_METHOD_FIELD } from '@claims/core/contract/payment-election';
import { validatePayoutElection } from '@claims/core/payout/election';
import { payoutMethodOfOption, type PayoutMethodId } from '@claims/core/payout/methods';
import { payoutProblemMessage } from '@claims/core/payout/problems';
import { PAYOUT_SETTLED_STATUSES, payoutChangeWindow } from '@claims/core/payout/settings';
import { toCamelCase } from '@claims/core/text/camel-case';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { caseLifecycle } from '../admin/claims/case-lifecycle';
import type { ClaimRow } from '../admin/claims/claim-detail';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import { badRequest, conflict } from '../http-error';
import { checkModel, describeProblems } from '../services/model-checks';
import { sealPayoutDetails, type PayoutSeal } from '../services/payout-seal';
import { shownPayout } from '../services/payout-display';
import { checkPaymentElection } from '../services/claim-submission';
import type { Session } from '../services/session-store';
import type { StoredModels } from '../services/submission-check';
import { claimantChangeSections } from './address-change-sections';
import { appendChange, readChanges } from './claimant-changes';
import { claimantMessage } from './claimant-messages';

/**
 * The change of how a claim is paid, on Check Claim Status (docs/behaviour.md#after-filing):
 * a new payout election checked by the same field rules as the claim form's payment-election
 * page and by payout/election.ts, as at filing, until the case's cut-off (payment.changeCutoff)
 * and while the claim is neither paid, denied nor withdrawn (payout/settings.ts).
 *
 * The claim's ClaimDetails model takes the new election, direct-deposit numbers sealed as at
 * filing (payout-seal.ts), so exports and payouts use it; each change is also appended to
 * payout_changes, with its details masked as the claimant was shown them, for the console's
 * claim detail (like address_changes, and for the same reason: it moves no status). The payout
 * fingerprint of the fraud checks follows the new account.
 */

/** The payment-election fields of a claim form, with their rules; undefined when it has none. */
export function payoutModel(
  claimsCase: ClaimsCase,
  formType: ClaimRow['form_type'],
): RemoteModelConfig | undefined {
  const holder = claimsCase.modelConfig(formType, 'ClaimDetails');
  if (holder === undefined) return undefined;
  const fields = Object.fromEntries(
    Object.entries(holder.fields).filter(([, field]) =>
      PAYMENT_FIELDS.includes(toCamelCase(field.key)),
    ),
  );
  if (!Object.values(fields).some((field) => toCamelCase(field.key) === PAYMENT_METHOD_FIELD)) {
    return undefined;
  }
  return { ...holder, fields };
}

/** The methods the form offers: its paymentMethod options that name a payout method. */
function offeredMethods(model: RemoteModelConfig): PayoutMethodId[] {
  const field = Object.values(model.fields).find(
    (candidate) => toCamelCase(candidate.key) === PAYMENT_METHOD_FIELD,
  );
  return (field?.options ?? []).flatMap((option) => {
    const method = payoutMethodOfOption(option.value);
    return method === undefined ? [] : [method.id];
  });
}

function storedModels(claim: ClaimRow): StoredModels {
  return JSON.parse(claim.models) as StoredModels;
}

function changeWindow(app: FastifyInstance, claim: ClaimRow) {
  const { timeZone } = caseLifecycle(app.claimsCase);
  const cutoff = app.claimsCase.definition.payment.changeCutoff;
  return payoutChangeWindow(claim.status, cutoff, timeZone, app.now());
}

/** How the claim is paid, as its claimant reads it on Check Claim Status; null without one. */
export function readPayoutSummary(
  app: FastifyInstance,
  claim: ClaimRow,
  culture: string,
): PayoutSummary | null {
  const details = storedModels(claim).claimDetails?.fields ?? {};
  const say = (key: string) => app.claimsCase.text(culture, key) ?? key;
  const shown = shownPayout(app.claimsCase, claim.form_type, details, say);
  if (shown === null) return null;
  const window = changeWindow(app, claim);
  return {
    method: shown.option,
    methodText: shown.methodText,
    details: shown.details,
    changeOpen: window.open,
    changeBy: window.closesAt,
  };
}

/**
 * Checks the election and makes it the claim's: refused (409) after the cut-off or once the
 * claim is settled, and (400) with the problem of each field that breaks the form's rules.
 */
export async function changePayout(
  app: FastifyInstance,
  seal: PayoutSeal,
  session: Session,
  claim: ClaimRow,
  culture: string,
  election: Record<string, string | null>,
): Promise<void> {
  const model = payoutModel(app.claimsCase, claim.form_type);
  const models = storedModels(claim);
  const current = models.claimDetails;
  if (model === undefined || current === null || current === undefined) {
    throw conflict(claimantMessage(app, culture, 'noPayout'));
  }
  if (PAYOUT_SETTLED_STATUSES.includes(claim.status)) {
    throw conflict(claimantMessage(app, culture, 'payoutSettled'));
  }
  if (!changeWindow(app, claim).open) throw conflict(claimantMessage(app, culture, 'payoutClosed'));
  const localize = (key: string) => app.claimsCase.text(culture, key);
  const checked = checkModel(model, election, {
    characterWhitelist: app.claimsCase.characterWhitelist,
    now: app.now(),
    localize,
    side: 'server',
  });
  if (checked.problems.length > 0) throw badRequest(describeProblems('election', checked.problems));
  const option = String(checked.values[PAYMENT_METHOD_FIELD] ?? '');
  const method = payoutMethodOfOption(option);
  const values = Object.fromEntries(
    (method?.fields ?? [])
      .map((field) => [field.key, checked.values[field.key]] as const)
      .filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  const result = validatePayoutElection(method?.id ?? option, values, {
    methods: offeredMethods(model),
  });
  if (!result.ok) {
    throw badRequest(
      result.problems
        .map((problem) => `election.${problem.field}: ${payoutProblemMessage(problem, localize)}`)
        .join('; '),
    );
  }
  const cleared = Object.fromEntries(PAYMENT_FIELDS.map((key) => [key, null]));
  const fields = {
    ...current.fields,
    ...cleared,
    [PAYMENT_METHOD_FIELD]: option,
    ...result.normalised,
  };
  const changed: StoredModels = { ...models, claimDetails: { ...current, fields } };
  // A PayPal election names the account the session's PayPal login confirmed, as at filing.
  checkPaymentElection(app.claimsCase, session, changed, culture);
  const at = app.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('claims')
      .set({ models: JSON.stringify(sealPayoutDetails(changed, seal)) })
      .where('id', '=', claim.id)
      .execute();
    await appendChange(trx, 'payout_changes', {
      claim_id: claim.id,
      at,
      method: option,
      details: JSON.stringify(result.display),
    });
    await app.fraud.payoutChanged(trx, claim.id, claim.created_at, changed);
  });
}

/** The claim's payout changes, oldest first. */
export async function readPayoutChanges(db: Kysely<Database>, claimId: string) {
  const rows = await readChanges(db, 'payout_changes', claimId);
  return rows.map((row) => ({
    at: row.at,
    method: row.method,
    details: JSON.parse(row.details) as Record<string, string>,
  }));
}

/**
 * A claim's payout changes as the console's claim detail shows them: after the filed sections
 * (and the address changes), a ClaimDetails section per change, titled with its date, its
 * details masked as the claimant was shown them.
 */
export async function payoutChangeSections(
  db: Kysely<Database>,
  claimsCase: ClaimsCase,
  claim: Pick<ClaimRow, 'id' | 'form_type'>,
): Promise<ClaimSection[]> {
  const changes = await readPayoutChanges(db, claim.id);
  const model = payoutModel(claimsCase, claim.form_type);
  if (changes.length === 0 || model === undefined) return [];
  return claimantChangeSections(
    claimsCase,
    model,
    'ClaimDetails',
    'Payout',
    changes.map((change) => ({
      at: change.at,
      values: { ...change.details, [PAYMENT_METHOD_FIELD]: change.method },
    })),
  );
}
