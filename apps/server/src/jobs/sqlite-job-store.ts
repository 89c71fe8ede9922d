import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { EphemeralWriter } from '../db/database';
import type { Database, JobTable } from '../db/schema';
import type { JobCounts } from './job-queue';
import {
  RETENTION,
  type ClaimedJob,
  type FailOutcome,
  type JobStore,
  type NewJob,
} from './job-store';

/**
 * The delay before the retry that follows the `attempt`-th run: the same as pg-boss's, so both
 * engines space retries alike (with backoff: delay · 2^(attempt−1), plus up to as much again).
 */
export function retryDelayMs(
  job: Pick<Selectable<JobTable>, 'retry_delay_seconds' | 'retry_backoff'>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const delayMs = job.retry_delay_seconds * 1000;
  if (job.retry_backoff === 0) return delayMs;
  const base = Math.max(delayMs, 1000) * 2 ** Math.min(16, attempt - 1);
  return base + base * random();
}

/**
 * The first `limit` jobs of these names due at `now`, in the order they run, read from the
 * index of due jobs alone (jobs/jobs-due-migration.ts): SQLite's planner, without statistics,
 * would take the index by state instead and sort every due job. The states are written out,
 * not bound, because a partial index serves only a query that repeats its condition; were the
 * two ever to differ, SQLite refuses the statement ("no query solution") rather than sort.
 */
export function dueJobs(now: Date, names: readonly string[], limit: number) {
  return sql<{ id: string }>`select id from jobs indexed by jobs_due
    where state in ('waiting', 'retry') and run_after <= ${now.toISOString()}
      and name in (${sql.join(names)})
    order by run_after, created_at
    limit ${limit}`;
}

/**
 * Jobs in the `jobs` table, for the in-process worker on SQLite. A claim sets a fresh lease
 * token and a lease end; completing or failing a job requires the token, so a run whose lease
 * expired (its job already taken again) changes nothing. A lease that expires counts as a
 * failed run. State changes go through the ephemeral writer: a state lost to a power failure
 * only runs a job again, and its effect is guarded by its recorded key.
 */
export class SqliteJobStore implements JobStore {
  readonly engine = 'sqlite';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writeEphemeral: EphemeralWriter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async prepare(): Promise<void> {}

  async insert(db: Kysely<Database>, job: NewJob): Promise<void> {
    const now = this.now().toISOString();
    await db
      .insertInto('jobs')
      .values({
        id: job.id,
        name: job.name,
        data: JSON.stringify(job.data),
        state: 'waiting',
        attempts: 0,
        retry_limit: job.policy.retryLimit,
        retry_delay_seconds: job.policy.retryDelaySeconds,
        retry_backoff: job.policy.backoff ? 1 : 0,
        lease_seconds: job.policy.leaseSeconds,
        run_after: now,
        lease_token: null,
        lease_until: null,
        last_error: null,
        created_at: now,
        finished_at: null,
      })
      .execute();
  }

  async claim(names: readonly string[], limit: number): Promise<ClaimedJob[]> {
    await this.expireLeases();
    const now = this.now();
    // A read first: an idle poll then writes nothing.
    const { rows: due } = await dueJobs(now, names, limit).execute(this.db);
    if (due.length === 0) return [];
    return this.writeEphemeral(async (trx) => {
      const claimed: ClaimedJob[] = [];
      for (const { id } of due) {
        const leaseToken = randomUUID();
        const row = await trx
          .updateTable('jobs')
          .set({
            state: 'active',
            attempts: sql`attempts + 1`,
            lease_token: leaseToken,
            lease_until: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${now.toISOString()}, '+' || lease_seconds || ' seconds')`,
          })
          .where('id', '=', id)
          .where('state', 'in', ['waiting', 'retry'])
          .returning(['id', 'name', 'data', 'attempts'])
          .executeTakeFirst();
        if (row === undefined) continue;
        claimed.push({
          id: row.id,
          name: row.name,
          data: JSON.parse(row.data) as unknown,
          attempt: row.attempts,
          leaseToken,
        });
      }
      return claimed;
    });
  }

  async complete(job: ClaimedJob): Promise<void> {
    await this.writeEphemeral((trx) =>
      trx
        .updateTable('jobs')
        .set({
          state: 'completed',
          finished_at: this.now().toISOString(),
          lease_token: null,
          lease_until: null,
        })
        .where('id', '=', job.id)
        .where('lease_token', '=', job.leaseToken)
        .execute(),
    );
  }

  async fail(job: ClaimedJob, error: string): Promise<FailOutcome> {
    return this.writeEphemeral(async (trx) => {
      const row = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', job.id)
        .where('lease_token', '=', job.leaseToken)
        .executeTakeFirst();
      if (row === undefined) return 'gone';
      const now = this.now();
      const dead = row.attempts > row.retry_limit;
      await trx
        .updateTable('jobs')
        .set({
          state: dead ? 'dead' : 'retry',
          run_after: dead
            ? row.run_after
            : new Date(now.getTime() + retryDelayMs(row, row.attempts)).toISOString(),
          finished_at: dead ? now.toISOString() : null,
          lease_token: null,
          lease_until: null,
          last_error: error.slice(0, 2000),
        })
        .where('id', '=', job.id)
        .execute();
      return dead ? 'dead' : 'retry';
    });
  }

  /** Jobs whose run held them past the lease: the run counts as failed. */
  private async expireLeases(): Promise<void> {
    const expired = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'attempts', 'lease_token', 'lease_seconds'])
      .where('state', '=', 'active')
      .where('lease_until', '<=', this.now().toISOString())
      .execute();
    for (const job of expired) {
      if (job.lease_token === null) continue;
      await this.fail(
        {
          id: job.id,
          name: job.name,
          data: null,
          attempt: job.attempts,
          leaseToken: job.lease_token,
        },
        `no acknowledgement within its lease of ${job.lease_seconds} s (the worker stopped or crashed)`,
      );
    }
  }

  async counts(): Promise<Record<string, Omit<JobCounts, 'failedRuns'>>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['name', 'state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('state', '!=', 'completed')
      .groupBy(['name', 'state'])
      .execute();
    const counts: Record<string, Omit<JobCounts, 'failedRuns'>> = {};
    for (const { name, state, count } of rows) {
      const entry = (counts[name] ??= { waiting: 0, retrying: 0, active: 0, dead: 0 });
      const n = Number(count);
      if (state === 'waiting') entry.waiting += n;
      else if (state === 'retry') entry.retrying += n;
      else if (state === 'active') entry.active += n;
      else if (state === 'dead') entry.dead += n;
    }
    return counts;
  }

  async maintain(): Promise<void> {
    const now = this.now().getTime();
    await this.writeEphemeral((trx) =>
      trx
        .deleteFrom('jobs')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('state', '=', 'completed'),
              eb('finished_at', '<', new Date(now - RETENTION.completedMs).toISOString()),
            ]),
            eb.and([
              eb('state', '=', 'dead'),
              eb('finished_at', '<', new Date(now - RETENTION.deadMs).toISOString()),
            ]),
          ]),
        )
        .execute(),
    );
  }

  async close(): Promise<void> {}
}
