import { applyTransition, type LifecycleEvent } from '@claims/core/lifecycle/apply-transition';
import { LifecycleError } from '@claims/core/lifecycle/transitions';
import type { FastifyInstance } from 'fastify';
import { caseLifecycle } from '../admin/claims/case-lifecycle';
import type { ClaimRow } from '../admin/claims/claim-detail';
import { recordTransition } from '../admin/claims/claim-history';
import { conflict } from '../http-error';
import { claimantMessage, type CLAIMANT_MESSAGES } from './claimant-messages';

/**
 * The claimant's own status changes (packages/core/src/lifecycle/transitions.ts): a cure of a
 * deficiency and an appeal of a denial, each made by the `claimant` actor through the same
 * lifecycle and history as a change made in the console: the history event names the
 * claimant as its actor.
 */

type Refusals = Partial<Record<'wrong_status' | 'window', keyof typeof CLAIMANT_MESSAGES>>;

async function claimantTransition(
  app: FastifyInstance,
  claim: ClaimRow,
  culture: string,
  transition: 'cure' | 'appeal',
  note: string | null,
  refusals: Refusals,
): Promise<void> {
  const lifecycle = caseLifecycle(app.claimsCase);
  let event: LifecycleEvent;
  try {
    ({ event } = applyTransition(transition, {
      claim: { status: claim.status, cureBy: claim.cure_by, appealBy: claim.appeal_by },
      actor: 'claimant',
      at: app.now(),
      note,
      settings: lifecycle.settings,
      timeZone: lifecycle.timeZone,
    }));
  } catch (error) {
    const message =
      error instanceof LifecycleError && (error.kind === 'wrong_status' || error.kind === 'window')
        ? refusals[error.kind]
        : undefined;
    if (message === undefined) throw error;
    throw conflict(claimantMessage(app, culture, message));
  }
  await app.db.transaction().execute(async (trx) => {
    const by = { actor: 'claimant', accountId: null, email: null } as const;
    if (!(await recordTransition(trx, claim.id, event, by))) {
      throw conflict(claimantMessage(app, culture, refusals.wrong_status ?? 'notAuthorized'));
    }
  });
}

/** When the claim was last marked deficient: documents sent after it answer the deficiency. */
async function markedDeficientAt(app: FastifyInstance, claimId: string): Promise<string | null> {
  const row = await app.db
    .selectFrom('claim_history')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('claim_id', '=', claimId)
    .where('to_status', '=', 'deficient')
    .executeTakeFirst();
  return row?.at ?? null;
}

/**
 * Cures a deficient claim with the documents the claimant uploaded for it (the Documents Upload
 * form, bound to the claim) since it was marked deficient; refused without such documents.
 */
export async function cureClaim(app: FastifyInstance, claim: ClaimRow, culture: string) {
  if (claim.status !== 'deficient') throw conflict(claimantMessage(app, culture, 'notDeficient'));
  const since = await markedDeficientAt(app, claim.id);
  const upload = await app.db
    .selectFrom('claims')
    .innerJoin('documents', 'documents.claim_id', 'claims.id')
    .select('claims.id')
    .where('claims.parent_claim_id', '=', claim.id)
    .where('claims.created_at', '>=', since ?? claim.created_at)
    .executeTakeFirst();
  if (upload === undefined) throw conflict(claimantMessage(app, culture, 'noNewDocuments'));
  await claimantTransition(app, claim, culture, 'cure', null, {
    wrong_status: 'notDeficient',
    window: 'cureClosed',
  });
}

/** Appeals a denied claim within its window, the statement as the appeal's grounds. */
export async function appealClaim(
  app: FastifyInstance,
  claim: ClaimRow,
  culture: string,
  statement: string,
) {
  await claimantTransition(app, claim, culture, 'appeal', statement, {
    wrong_status: 'notDenied',
    window: 'appealClosed',
  });
}
