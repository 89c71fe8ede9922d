import type { HistoryEvent } from '@claims/core/admin/admin-api';
import type { LifecycleEvent } from '@claims/core/lifecycle/apply-transition';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import type { Kysely } from 'kysely';
import type { ClaimHistoryTable, Database } from '../../db/schema';

/**
 * A claim's status and its append-only history, kept in step: every change of claims.status
 * appends its event to claim_history in the same transaction, and nothing else writes either.
 *
 * The current status lives on the claims row itself (status, cure_by, appeal_by) rather than in
 * a table of its own: it is one value per claim, like the filing date, and the queue filters by
 * status and sorts by filing date in one index (claims_queue_status) only when both sit in one
 * table. The history is the other concept, many rows per claim, hence its own table.
 */

/** The transition name of a claim's first event: its filing, which has no from status. */
export const FILED = 'filed';

/** Who an event is by: the lifecycle's actor, and the administrator's account when staff. */
export interface EventAuthor {
  actor: 'claimant' | 'reviewer' | 'supervisor' | 'system';
  accountId: string | null;
  email: string | null;
}

/** The first event of a claim: filed by the claimant, now `received`. */
export function filingEvent(claimId: string, at: string): ClaimHistoryTable {
  return {
    claim_id: claimId,
    sequence: 1,
    at,
    actor: 'claimant',
    actor_account_id: null,
    actor_email: null,
    transition: FILED,
    from_status: null,
    to_status: 'received',
    reason_codes: '[]',
    note: null,
    cure_by: null,
    appeal_by: null,
  };
}

/** Writes the filing event; call in the transaction that stores the claim. */
export async function appendFilingEvent(
  db: Kysely<Database>,
  claimId: string,
  at: string,
): Promise<void> {
  await db.insertInto('claim_history').values(filingEvent(claimId, at)).execute();
}

/**
 * Moves the claim from the event's from status to its to status and appends the event; returns
 * false, changing nothing, when the claim is no longer at the from status (another change came
 * first). Call inside the transaction that also writes the change's audit row.
 */
export async function recordTransition(
  trx: Kysely<Database>,
  claimId: string,
  event: LifecycleEvent,
  author: EventAuthor,
): Promise<boolean> {
  const updated = await trx
    .updateTable('claims')
    .set({ status: event.to, cure_by: event.cureBy, appeal_by: event.appealBy })
    .where('id', '=', claimId)
    .where('status', '=', event.from)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  const last = await trx
    .selectFrom('claim_history')
    .select((eb) => eb.fn.max('sequence').as('sequence'))
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
  await trx
    .insertInto('claim_history')
    .values({
      claim_id: claimId,
      sequence: Number(last?.sequence ?? 0) + 1,
      at: event.at,
      actor: author.actor,
      actor_account_id: author.accountId,
      actor_email: author.email,
      transition: event.transition,
      from_status: event.from,
      to_status: event.to,
      reason_codes: JSON.stringify(event.reasonCodes),
      note: event.note,
      cure_by: event.cureBy,
      appeal_by: event.appealBy,
    })
    .execute();
  return true;
}

/**
 * The claim's lifecycle events, oldest first. The filing event is left out: it is no
 * transition, and the claim's filedAt says when it happened.
 */
export async function readHistory(db: Kysely<Database>, claimId: string): Promise<HistoryEvent[]> {
  const rows = await db
    .selectFrom('claim_history')
    .selectAll()
    .where('claim_id', '=', claimId)
    .where('transition', '<>', FILED)
    .orderBy('sequence')
    .execute();
  return rows.map((row) => ({
    at: row.at,
    transition: row.transition as HistoryEvent['transition'],
    from: row.from_status as ClaimStatus,
    to: row.to_status as ClaimStatus,
    actor: row.actor as HistoryEvent['actor'],
    actorEmail: row.actor_email,
    reasonCodes: JSON.parse(row.reason_codes) as string[],
    note: row.note,
    cureBy: row.cure_by,
    appealBy: row.appeal_by,
  }));
}
