import type { InsertObject, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The append-only tables of a claimant's changes after filing (claimant-migration.ts): each
 * row one change of one claim, numbered 1, 2, … per claim in the order the changes came.
 */
type ChangeTable = 'address_changes' | 'payout_changes';

/** Appends a change to the claim's changes, numbered after the last; run it in a transaction. */
export async function appendChange<T extends ChangeTable>(
  trx: Kysely<Database>,
  table: T,
  row: { claim_id: string; at: string } & Omit<InsertObject<Database, T>, 'sequence'>,
): Promise<void> {
  const last = await trx
    .selectFrom(table as ChangeTable)
    .select((eb) => eb.fn.max('sequence').as('sequence'))
    .where('claim_id', '=', row.claim_id)
    .executeTakeFirst();
  const sequence = Number(last?.sequence ?? 0) + 1;
  await trx
    .insertInto(table)
    .values({ ...row, sequence } as InsertObject<Database, T>)
    .execute();
}

/** The claim's changes in a table, oldest first. */
export async function readChanges<T extends ChangeTable>(
  db: Kysely<Database>,
  table: T,
  claimId: string,
): Promise<Selectable<Database[T]>[]> {
  const rows = await db
    .selectFrom(table as ChangeTable)
    .selectAll()
    .where('claim_id', '=', claimId)
    .orderBy('sequence')
    .execute();
  return rows as Selectable<Database[T]>[];
}
