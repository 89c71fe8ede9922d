import { randomUUID } from 'node:crypto';
import type { FraudClaimResponse } from '@claims/core/admin/fraud-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http-error';
import type { SignedInAdmin } from '../admin-request';
import { writeAuditEvent } from '../audit-log';
import { findClaim } from '../claims/claim-detail';
import { readCluster } from './fraud-cluster';
import { heldClaims, RELEASED } from './fraud-holds';

/**
 * A claim's standing in the fraud queue, and a supervisor's release of its hold: a row of the
 * append-only claim_fraud_reviews and its audit row, written together. The claim's score and
 * reasons stay as they are; it leaves the fraud queue.
 */

async function isHeld(db: Kysely<Database>, claimId: string): Promise<boolean> {
  const row = await heldClaims(db)
    .select('claims.id')
    .where('claims.id', '=', claimId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The claim's hold, its release and its cluster; 404 for no such claim. */
export async function readFraudClaim(
  db: Kysely<Database>,
  claimId: string,
): Promise<FraudClaimResponse> {
  const claim = await findClaim(db, claimId);
  const release = await db
    .selectFrom('claim_fraud_reviews')
    .select(['reviewed_at', 'actor_email', 'note'])
    .where('claim_id', '=', claim.id)
    .where('decision', '=', RELEASED)
    .executeTakeFirst();
  const cluster = await readCluster(db, claim.id);
  return {
    claimId: claim.id,
    referenceCode: claim.reference_code,
    held: await isHeld(db, claim.id),
    release:
      release === undefined
        ? null
        : { at: release.reviewed_at, actorEmail: release.actor_email, note: release.note },
    cluster: cluster.claims,
    clusterTruncated: cluster.truncated,
  };
}

export interface ReleaseAuthor {
  admin: SignedInAdmin;
  ipAddress: string | null;
}

/**
 * Lifts the claim's hold: 409 when the claim is not held (never held, decided, or already
 * released, by another supervisor meanwhile too).
 */
export async function releaseFraudHold(
  db: Kysely<Database>,
  author: ReleaseAuthor,
  claimId: string,
  note: string,
  at: Date,
): Promise<void> {
  const claim = await findClaim(db, claimId);
  const notHeld = conflict(
    `Claim ${claim.reference_code} is not held for fraud review (it passed, was decided or was already released). Reload it.`,
  );
  await db.transaction().execute(async (trx) => {
    if (!(await isHeld(trx, claim.id))) throw notHeld;
    const written = await trx
      .insertInto('claim_fraud_reviews')
      .values({
        id: randomUUID(),
        claim_id: claim.id,
        decision: RELEASED,
        account_id: author.admin.accountId,
        actor_email: author.admin.email,
        note,
        reviewed_at: at.toISOString(),
      })
      .onConflict((onConflict) => onConflict.columns(['claim_id', 'decision']).doNothing())
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) throw notHeld;
    await writeAuditEvent(
      trx,
      {
        action: 'fraud_hold_released',
        actorEmail: author.admin.email,
        actorRole: author.admin.role,
        claimReference: claim.reference_code,
        ipAddress: author.ipAddress,
        details: `note: ${note}`,
      },
      at,
    );
  });
}
