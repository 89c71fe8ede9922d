import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { EphemeralWriter } from './database';
import type { Database } from './schema';

/**
 * The ephemeral writes of SQLite (database.ts EphemeralWriter), batched: the writes that arrive
 * together share one transaction and one commit (docs/architecture.md#durable-writes). A write
 * waits for the end of the event loop's turn it arrived in (setImmediate), so that everything
 * the turn's requests ask for goes in one batch; a write arriving while a batch runs goes in the
 * next. In a batch of several, each write runs in a savepoint of its own:
 * - a write that fails rolls back to its savepoint, so only what it wrote is undone, and it is
 *   answered with its error at once;
 * - the others are answered once the batch has committed; if the commit fails, the whole batch
 *   is rolled back and every write in it is answered with that error, so a failed batch stores
 *   none of them.
 * A batch of one runs as its own transaction, as a write did before batching.
 *
 * Batching costs a claim nothing in durability: on SQLite the writes run one after another on
 * the one connection whether or not they share a transaction, and a claim still waits for the
 * shared sync after its batch's commit (group-commit.ts). What it saves is a commit, and the
 * switches of `synchronous` around it, for every write but one in a batch, and the pages a
 * batch's writes share (a table's last leaf, an index's) are appended to the WAL once.
 *
 * Kept here rather than taken from a library: Kysely runs one transaction per call and has no
 * batching of its own, and this is the few lines around Kysely's transaction that group them.
 */

/** The most writes one batch holds; the rest wait for the next, so no batch runs long. */
export const MAX_BATCH = 64;

const SAVEPOINT = CompiledQuery.raw('savepoint batched_write');
const RELEASE = CompiledQuery.raw('release batched_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to batched_write');
const NORMAL = CompiledQuery.raw('pragma synchronous = normal');
const FULL = CompiledQuery.raw('pragma synchronous = full');

interface QueuedWrite {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false };

export function sqliteBatchWriter(db: Kysely<Database>): EphemeralWriter {
  const queue: QueuedWrite[] = [];
  let draining = false;

  const drain = async () => {
    try {
      while (queue.length > 0) await runBatch(db, queue.splice(0, MAX_BATCH));
    } finally {
      draining = false;
    }
  };

  return <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) {
        draining = true;
        setImmediate(() => void drain());
      }
    });
}

/**
 * SQLite: synchronous=NORMAL for the batch's transaction, FULL again after it. In WAL mode a
 * NORMAL commit appends to the WAL without an fsync: it is atomic and survives a crash of the
 * process, and only a power loss or an OS crash can undo it, and only until the next sync of a
 * claim (group-commit.ts), which makes the earlier commits durable too. Kept on the one
 * connection rather than a second one: better-sqlite3 blocks the event loop while it waits for
 * a lock, so a second connection writing while a batch (which spans awaits) holds the write
 * lock would stall the whole server until busy_timeout. SQLite refuses to change synchronous
 * inside a transaction, hence the switch around it.
 */
async function runBatch(db: Kysely<Database>, batch: QueuedWrite[]): Promise<void> {
  const outcomes: Outcome[] = [];
  try {
    await db.connection().execute(async (connection) => {
      await connection.executeQuery(NORMAL);
      try {
        await connection.transaction().execute(async (trx) => {
          if (batch.length === 1) {
            outcomes.push({ ok: true, value: await batch[0]!.work(trx) });
            return;
          }
          for (const write of batch) {
            await trx.executeQuery(SAVEPOINT);
            try {
              const value = await write.work(trx);
              await trx.executeQuery(RELEASE);
              outcomes.push({ ok: true, value });
            } catch (error) {
              outcomes.push({ ok: false });
              write.reject(error);
              // An error SQLite answers by rolling back the whole transaction (a full disk)
              // leaves no savepoint: this rollback then fails, and with it the batch.
              await trx.executeQuery(ROLLBACK_TO);
              await trx.executeQuery(RELEASE);
            }
          }
        });
      } finally {
        await connection.executeQuery(FULL);
      }
    });
  } catch (error) {
    // The batch failed as a whole: nothing of it is stored, whatever each write answered.
    batch.forEach((write, index) => {
      if (outcomes[index]?.ok !== false) write.reject(error);
    });
    return;
  }
  batch.forEach((write, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok === true) write.resolve(outcome.value);
  });
}
