import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { ClaimsCase } from '../case/claims-case';
import type { EphemeralWriter } from '../db/database';
import type { Database } from '../db/schema';
import type { DocumentStore } from '../uploads/document-store';
import type { DataFileStore } from './data-file-store';

/** What an import or export works with, in the server and on the command line alike. */
export interface DataIoContext {
  db: Kysely<Database>;
  /**
   * For what a crash may lose because a job run again starts over (staged rows, progress): a
   * commit that does not wait for the disk (db/database.ts).
   */
  writeEphemeral: EphemeralWriter;
  /** A job's work files are written under DATA_DIR/data-io/.work while it runs. */
  dataDir: string;
  /** Uploads, reports and exports, where every instance reaches them (data-file-store.ts). */
  files: DataFileStore;
  pinPepper: string;
  claimsCase: ClaimsCase;
  documents: DocumentStore;
  now: () => Date;
  /**
   * In the server: true while claimants and staff are using it (a request came in a moment
   * ago), so that a long job yields them most of the time. Absent on the command line.
   */
  serving?: () => boolean;
}

/** Who started a job: the supervisor's e-mail address, or null for the command line. */
export interface DataJobAuthor {
  email: string | null;
  role: 'supervisor' | null;
  ipAddress: string | null;
}

/** Told after each batch: rows handled so far, and the total when known. */
export type ProgressListener = (done: number, total: number | null) => void;

/** Lets the event loop answer other requests between two batches of a long job. */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The longest a long job works before it lets requests run. */
const SLICE_MS = 5;
/** While the server is in use, the rest of the event loop's time is left to its requests. */
const JOB_SHARE = 0.2;
/** How often a job that gave way looks whether the server is still in use. */
const RECHECK_MS = 2;

/**
 * Paces a long job (an import, an export) on the server's one event loop: the job works in
 * slices of a few milliseconds and lets every request that is ready run between two slices.
 * While the server is in use (`serving`), the job then waits until its slice is a fifth of
 * the time, so that sign-ins during an import of millions of rows keep most of their speed;
 * an idle server, or the command line, lends the job all its time. A slice counts the job's
 * waits for the database too: on PostgreSQL the requests wait for the same database.
 */
export class Pacer {
  private sliceStart = performance.now();

  constructor(private readonly serving: () => boolean = () => false) {}

  /** True once the job has worked its slice: time to pause. */
  get due(): boolean {
    return performance.now() - this.sliceStart >= SLICE_MS;
  }

  /** Called between two units of work (a row); resolves at once while the slice lasts. */
  async pace(): Promise<void> {
    if (this.due) await this.pause();
  }

  /** Lets the requests that are ready run, and while the server is in use, gives way. */
  async pause(): Promise<void> {
    const worked = performance.now() - this.sliceStart;
    await yieldToRequests();
    const resumeAt = performance.now() + (worked * (1 - JOB_SHARE)) / JOB_SHARE;
    while (this.serving() && performance.now() < resumeAt) {
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
    }
    this.sliceStart = performance.now();
  }
}
