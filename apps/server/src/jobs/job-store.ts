import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobCounts, JobEngine, RetryPolicy } from './job-queue';

export interface NewJob {
  id: string;
  name: string;
  data: object;
  policy: RetryPolicy;
}

/** A job a worker has taken; it holds the job until it completes or fails it. */
export interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  /** The claim's own token (SQLite): an acknowledgement after the lease moved on is refused. */
  leaseToken: string;
}

/** What a failed run turned the job into. */
export type FailOutcome = 'retry' | 'dead' | 'gone';

/** Where the jobs are kept: the `jobs` table (SQLite) or pg-boss (PostgreSQL). */
export interface JobStore {
  readonly engine: JobEngine;
  /** Makes ready whatever jobs of these names need before they are stored or fetched. */
  prepare(names: readonly string[]): Promise<void>;
  /** Stores a job through `db`, which may be the caller's transaction. */
  insert(db: Kysely<Database>, job: NewJob): Promise<void>;
  /** Takes up to `limit` due jobs of these names. */
  claim(names: readonly string[], limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<void>;
  fail(job: ClaimedJob, error: string): Promise<FailOutcome>;
  counts(): Promise<Record<string, Omit<JobCounts, 'failedRuns'>>>;
  /** Removes old finished jobs (pg-boss's own supervisor also reclaims expired leases). */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Finished jobs are kept a day, dead ones 30 days, recorded effects 30 days. */
export const RETENTION = {
  completedMs: DAY_MS,
  deadMs: 30 * DAY_MS,
  effectsMs: 30 * DAY_MS,
} as const;
