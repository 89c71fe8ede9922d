import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite in WAL mode copies the WAL back into the database file in checkpoints. By default the
 * commit that takes the WAL past 1,000 pages runs one, with two fsyncs, on the connection that
 * committed: in this server, on the event loop, in the middle of some claimant's submit (a
 * claim writes about 16 pages, so one claim in sixty paid for it). Here a thread of its own
 * runs them instead, from a connection of its own: a PASSIVE checkpoint every
 * CHECKPOINT_INTERVAL_MS, which never waits for the server's writes nor holds them up, and
 * costs next to nothing when the WAL has nothing new. The server's connection keeps automatic
 * checkpoints only as a backstop, at BACKSTOP_PAGES, for a thread that falls behind or stops.
 *
 * Kept here rather than taken from a library: it is a dozen lines over better-sqlite3, which
 * the server uses already and which runs in worker threads.
 */

const CHECKPOINT_INTERVAL_MS = 250;
/** Pages of WAL past which the server's own connection checkpoints after all (SQLite's default is 1,000). */
export const BACKSTOP_PAGES = 16_000;

/** Runs in the worker, as CommonJS: `workerData` names the database and better-sqlite3's entry. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Ends the thread's checkpoints and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing the SQLite database `file` from a thread of its own. `onFailure` is told
 * of a checkpoint that failed (the next one is tried all the same; the backstop remains).
 */
export function startCheckpointer(
  file: string,
  onFailure: (message: string) => void,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed !== undefined) onFailure(message.failed);
  });
  worker.on('error', (error) => onFailure(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
