import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What happens to a job whose run fails: retried `retryLimit` times, the n-th retry after
 * `retryDelaySeconds` (doubled for each earlier retry, with jitter, when `backoff` is on), then
 * dead: kept, counted and logged, never run again. A run holds its job for `leaseSeconds`; a
 * job whose run outlives its lease (the worker crashed, or the handler hangs) counts as a failed
 * run and is retried, by any worker.
 */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  backoff: boolean;
  leaseSeconds: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  backoff: true,
  leaseSeconds: 15 * 60,
};

/** One run of a job, as its handler sees it. */
export interface RunningJob<T> {
  /** The job's id: the same on every run, so it keys the job's effects. */
  id: string;
  name: string;
  data: T;
  /** 1 for the first run, 2 for the first retry, and so on. */
  attempt: number;
  /**
   * Runs `work` and records the job done, in one transaction; when an earlier run already
   * recorded it (a retry after a crash between the effect and the acknowledgement), does
   * nothing. So a database effect made in `work`, through the transaction it is given, happens
   * exactly once. Returns whether `work` ran.
   */
  once(work: (trx: Transaction<Database>) => Promise<void>): Promise<boolean>;
  /**
   * For an effect outside the database (an e-mail): skipped when an earlier run recorded it,
   * else run and then recorded. A crash after the effect and before the record repeats it once
   * the lease expires, so the effect should carry the job id for its receiver to recognise a
   * repeat (an e-mail's Message-ID). Returns whether `work` ran.
   */
  onceExternal(work: () => Promise<void>): Promise<boolean>;
}

export type JobHandler<T> = (job: RunningJob<T>) => Promise<void>;

/** Jobs of one name, for metrics. */
export interface JobCounts {
  /** Stored and due, or waiting for their time (the queue's depth, with `retrying`). */
  waiting: number;
  /** Failed at least once, waiting for their next run. */
  retrying: number;
  active: number;
  /** Out of retries (the dead letters). */
  dead: number;
  /** Runs that failed in this process since it started. */
  failedRuns: number;
}

export type JobEngine = 'sqlite' | 'pg-boss';

/** Payload types by job name; a payload is a JSON object. */
export type JobPayloadMap<Payloads> = { [Name in keyof Payloads]: object };

/** The queue every job goes through, on either database (docs/architecture.md#jobs). */
export interface JobQueue<Payloads extends JobPayloadMap<Payloads>> {
  readonly engine: JobEngine;
  /** Declares the handler of a job name; every name is registered before start(). */
  register<Name extends keyof Payloads & string>(
    name: Name,
    handler: JobHandler<Payloads[Name]>,
    policy?: Partial<RetryPolicy>,
  ): void;
  /**
   * Stores a job through `db`: pass the transaction of the change that needs the job (the
   * outbox), and the job exists if and only if that transaction commits. Returns the job id.
   */
  enqueue<Name extends keyof Payloads & string>(
    db: Kysely<Database>,
    name: Name,
    data: Payloads[Name],
  ): Promise<string>;
  /** Starts the workers. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits up to `timeoutMs` (30 s by default) for the running ones to
   * finish and be acknowledged. Runs still going after that are left unacknowledged: their
   * leases expire and another worker runs them again.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Counts per registered job name. */
  counts(): Promise<Record<string, JobCounts>>;
}

/** Where the queue reports what its handlers do not see (pino's signature). */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
