import { open, type FileHandle } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Group commit (docs/architecture.md#durable-writes): a claim commits without waiting for the
 * disk, then waits for one sync that began after its commit; every claim that committed
 * meanwhile waits for the same sync. Claims arriving together thus share one fsync instead of
 * paying one each, and the sync runs on libuv's thread pool, so no claim's wait for the disk
 * blocks the event loop. A claim is still answered only once it is durable.
 */

/** A sync of the disk failed: what was committed since the last good sync may not be on disk. */
export class DurabilityLostError extends Error {
  override name = 'DurabilityLostError';
  constructor(cause: unknown) {
    super(
      'syncing committed writes to disk failed; nothing committed since is known to be durable, ' +
        'and the server must be restarted',
      { cause },
    );
  }
}

/**
 * Runs `sync` for many waiters at once. `wait()` resolves after a run of `sync` that started
 * after the call: at once if none is running, otherwise the next, which every caller arriving
 * during the current run shares. A failed sync rejects its waiters and every later call: once
 * the disk has refused a write, a later sync can report success for data it already lost (Linux
 * reports a failed write back once), so nothing is confirmed again until a restart.
 */
export class SharedSync {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private failure: DurabilityLostError | undefined;

  constructor(private readonly sync: () => Promise<void>) {}

  /** The error every wait now rejects with, once a sync has failed. */
  get failed(): DurabilityLostError | undefined {
    return this.failure;
  }

  wait(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.running === undefined) return this.start();
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const run: Promise<void> = this.runSync().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async runSync(): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    try {
      await this.sync();
    } catch (error) {
      this.failure ??= new DurabilityLostError(error);
      throw this.failure;
    }
  }
}

/**
 * SQLite in WAL mode with synchronous=NORMAL appends each commit to the WAL file without an
 * fsync; an fsync of that file makes every commit appended before it durable (a later
 * checkpoint copies them into the database file with fsyncs of its own). The file is opened
 * once, while the server's connection keeps it from being removed, so that a failed write back
 * of its pages is reported to this handle's fsync; the folder is synced once as well, for the
 * WAL file's own entry in it.
 */
export function sqliteWalSync(
  walFile: string,
  folder: string,
): { sync(): Promise<void>; close(): Promise<void> } {
  let handle: Promise<FileHandle> | undefined;
  let folderSynced = false;
  return {
    async sync() {
      handle ??= open(walFile, 'r+');
      await (await handle).sync();
      if (!folderSynced) {
        const directory = await open(folder, 'r');
        try {
          await directory.sync();
        } finally {
          await directory.close();
        }
        folderSynced = true;
      }
    },
    async close() {
      const opened = handle;
      handle = undefined;
      await (await opened?.catch(() => undefined))?.close();
    },
  };
}

/**
 * PostgreSQL writes the WAL in order, and a synchronous commit returns only once the WAL is
 * flushed up to its commit record (and, where synchronous standbys are configured, replicated
 * as far as the server's synchronous_commit says), so one such commit makes every commit before
 * it durable, those made with synchronous_commit off included. The transaction takes a
 * transaction id so that it has a commit record to flush; it writes nothing else.
 */
export function postgresWalSync(db: Kysely<Database>): () => Promise<void> {
  return () =>
    db.transaction().execute(async (trx) => {
      await sql`select txid_current()`.execute(trx);
    });
}
