import type {
  BulkOutcome,
  BulkTransitionRequest,
  ClaimDetail,
  TransitionRequest,
} from '@claims/core/admin/admin-api';
import { lifecycleActorOf } from '@claims/core/admin/admin-roles';
import { applyTransition, type LifecycleEvent } from '@claims/core/lifecycle/apply-transition';
import { LifecycleError, type LifecycleErrorKind } from '@claims/core/lifecycle/transitions';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error';
import type { SignedInAdmin } from '../admin-request';
import { writeAuditEvent } from '../audit-log';
import { caseLifecycle } from './case-lifecycle';
import { findClaim, readClaimDetail, type ClaimRow } from './claim-detail';
import { recordTransition } from './claim-history';
import { queueStatusNotice } from './claim-notice';

/**
 * Status changes made by an administrator: the lifecycle of packages/core decides, and the
 * change, its history event, its audit row and the claimant's notice are written in one
 * transaction. A bulk change runs each claim in its own transaction.
 */

/** Who acts, and from where. */
export interface TransitionAuthor {
  admin: SignedInAdmin;
  ipAddress: string | null;
}

/** The answer to each refusal of the lifecycle (admin-api.ts: 400, 403 or 409). */
const REFUSAL_STATUS: Readonly<Record<LifecycleErrorKind, number>> = {
  unknown_transition: 400,
  reasons: 400,
  note: 400,
  forbidden_actor: 403,
  wrong_status: 409,
  window: 409,
  unknown_status: 500,
  unknown_actor: 500,
  time: 500,
  history: 500,
};

function movedOn(claim: ClaimRow, expected: string): HttpError {
  return new HttpError(
    409,
    `Claim ${claim.reference_code} is now ${claim.status}, no longer ${expected}: someone changed it meanwhile. Reload it and decide again.`,
  );
}

function describe(event: LifecycleEvent): string {
  const parts = [`${event.transition}: ${event.from} to ${event.to}`];
  if (event.reasonCodes.length > 0) parts.push(`reasons ${event.reasonCodes.join(', ')}`);
  if (event.cureBy !== null) parts.push(`cure by ${event.cureBy}`);
  if (event.appealBy !== null) parts.push(`appeal by ${event.appealBy}`);
  if (event.note !== null) parts.push(`note: ${event.note}`);
  return parts.join('; ');
}

/**
 * Makes one transition on the claim, which must still be at `expectedStatus` (409 otherwise),
 * and returns the claim's new status.
 */
async function changeClaim(
  app: FastifyInstance,
  author: TransitionAuthor,
  claimId: string,
  request: TransitionRequest,
): Promise<ClaimRow> {
  const claim = await findClaim(app.db, claimId);
  if (claim.status !== request.expectedStatus) throw movedOn(claim, request.expectedStatus);
  const actor = lifecycleActorOf(author.admin.role);
  if (actor === null) throw new HttpError(403, 'A viewer may not change a claim.');
  const lifecycle = caseLifecycle(app.claimsCase);
  const at = app.now();
  let event: LifecycleEvent;
  try {
    ({ event } = applyTransition(request.transition, {
      claim: { status: claim.status, cureBy: claim.cure_by, appealBy: claim.appeal_by },
      actor,
      at,
      reasonCodes: request.reasonCodes,
      note: request.note,
      settings: lifecycle.settings,
      timeZone: lifecycle.timeZone,
    }));
  } catch (error) {
    if (!(error instanceof LifecycleError) || REFUSAL_STATUS[error.kind] >= 500) throw error;
    throw new HttpError(REFUSAL_STATUS[error.kind], `The change was refused: ${error.message}.`);
  }
  await app.db.transaction().execute(async (trx) => {
    const { admin } = author;
    const by = { actor, accountId: admin.accountId, email: admin.email };
    if (!(await recordTransition(trx, claim.id, event, by))) {
      const now = await findClaim(trx, claim.id);
      throw movedOn(now, request.expectedStatus);
    }
    await writeAuditEvent(
      trx,
      {
        action: 'claim_transition',
        actorEmail: admin.email,
        actorRole: admin.role,
        claimReference: claim.reference_code,
        ipAddress: author.ipAddress,
        details: describe(event),
      },
      at,
    );
    await queueStatusNotice(app, trx, claim, event, lifecycle.settings);
  });
  return { ...claim, status: event.to, cure_by: event.cureBy, appeal_by: event.appealBy };
}

/** POST /admin/api/claims/:claimId/transitions: the change, then the claim as it now stands. */
export async function transitionClaim(
  app: FastifyInstance,
  author: TransitionAuthor,
  claimId: string,
  request: TransitionRequest,
): Promise<ClaimDetail> {
  const claim = await changeClaim(app, author, claimId, request);
  return readClaimDetail(
    {
      db: app.db,
      claimsCase: app.claimsCase,
      lifecycle: caseLifecycle(app.claimsCase),
      role: author.admin.role,
      now: app.now(),
    },
    claim,
  );
}

/**
 * POST /admin/api/claims/bulk-transitions: the transition on each claim in turn, each from the
 * status it has when its turn comes; a refusal is that claim's outcome and the others go on.
 */
export async function transitionClaims(
  app: FastifyInstance,
  author: TransitionAuthor,
  request: BulkTransitionRequest,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const claimId of request.claimIds) {
    const found = await app.db
      .selectFrom('claims')
      .select(['reference_code', 'status'])
      .where('id', '=', claimId)
      .executeTakeFirst();
    try {
      const changed = await changeClaim(app, author, claimId, {
        transition: request.transition,
        expectedStatus: found?.status as TransitionRequest['expectedStatus'],
        reasonCodes: request.reasonCodes,
        note: request.note,
      });
      outcomes.push({
        claimId,
        ok: true,
        referenceCode: changed.reference_code,
        status: changed.status,
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      outcomes.push({
        claimId,
        ok: false,
        referenceCode: error.statusCode === 404 ? null : (found?.reference_code ?? null),
        error: error.message,
      });
    }
  }
  return outcomes;
}
