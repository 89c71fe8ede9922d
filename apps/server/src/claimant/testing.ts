import { applyTransition } from '@claims/core/lifecycle/apply-transition';
import type { FastifyInstance } from 'fastify';
import { TestClient } from '../test/test-app';
import { caseLifecycle } from '../admin/claims/case-lifecycle';
import { findClaim } from '../admin/claims/claim-detail';
import { recordTransition } from '../admin/claims/claim-history';

/**
 * A status change made by a reviewer as the console makes it, without the console's sign-in:
 * a test's starting point for what the claimant then sees and does.
 */
export async function reviewerMoves(
  app: FastifyInstance,
  claimId: string,
  transition: string,
  reasonCodes: string[] = [],
): Promise<void> {
  const claim = await findClaim(app.db, claimId);
  const lifecycle = caseLifecycle(app.claimsCase);
  const { event } = applyTransition(transition, {
    claim: { status: claim.status, cureBy: claim.cure_by, appealBy: claim.appeal_by },
    actor: 'reviewer',
    at: app.now(),
    reasonCodes,
    settings: lifecycle.settings,
    timeZone: lifecycle.timeZone,
  });
  await app.db.transaction().execute(async (trx) => {
    await recordTransition(trx, claimId, event, {
      actor: 'reviewer',
      accountId: null,
      email: 'reviewer@example.com',
    });
  });
}

/** A claimant signed in on Check Claim Status with the reference code and last name. */
export async function signedInClaimant(
  app: FastifyInstance,
  referenceCode: string,
  lastName: string,
): Promise<TestClient> {
  const client = new TestClient(app);
  await client.csrf();
  await client.authorizeOk('DocumentsUpload', { referenceCode, lastName, mailingPostalCode: null });
  return client;
}
