import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema';
import type { JobCounts } from './job-queue';
import {
  RETENTION,
  type ClaimedJob,
  type FailOutcome,
  type JobStore,
  type NewJob,
} from './job-store';

export interface PgBossStoreOptions {
  schema: string;
  maintenanceIntervalSeconds: number;
  onError: (error: unknown) => void;
}

/** Runs pg-boss's statements through `db`: the app's pool, or the caller's transaction. */
function executorOver(db: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * pg-boss's own statements on a connection of the app's pool. Some are scripts that open their
 * own transaction (BEGIN … COMMIT in one string); one that fails half-way would hand the
 * connection back to the pool inside an aborted transaction, so it is rolled back first.
 */
function poolExecutor(db: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: (text: string, values: unknown[] = []) =>
      db.connection().execute(async (connection) => {
        try {
          const result = await connection.executeQuery(CompiledQuery.raw(text, values));
          return { rows: result.rows as unknown[] };
        } catch (error) {
          if (/^\s*BEGIN\b/im.test(text)) {
            await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          }
          throw error;
        }
      }),
  };
}

const SECONDS_PER_DAY = 24 * 60 * 60;

/**
 * Jobs in pg-boss (PostgreSQL). The outbox is pg-boss's own insert run inside the caller's
 * transaction (its `db` option), so a job exists if and only if that transaction commits, with
 * no relay table. pg-boss keeps the retries, backoff, leases (`expireInSeconds`, reclaimed by
 * its supervisor) and dead letters (state `failed`); the workers are the shared JobRunner,
 * fetching and acknowledging through pg-boss. Its statements share the app's connection pool.
 */
export class PgBossJobStore implements JobStore {
  readonly engine = 'pg-boss';
  private readonly queues = new Set<string>();
  /** The name to fetch first: turns round so that no name starves the others. */
  private nextFirst = 0;

  private constructor(
    private readonly boss: PgBoss,
    private readonly db: Kysely<Database>,
    private readonly schema: string,
  ) {}

  static async open(db: Kysely<Database>, options: PgBossStoreOptions): Promise<PgBossJobStore> {
    const boss = new PgBoss({
      db: poolExecutor(db),
      schema: options.schema,
      migrate: true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      archiveCompletedAfterSeconds: RETENTION.completedMs / 1000,
      archiveFailedAfterSeconds: RETENTION.deadMs / 1000,
      deleteAfterDays: 7,
    });
    boss.on('error', options.onError);
    await boss.start();
    return new PgBossJobStore(boss, db, options.schema);
  }

  /** pg-boss stores a job only under a queue it knows. */
  async prepare(names: readonly string[]): Promise<void> {
    for (const name of names) {
      if (this.queues.has(name)) continue;
      await this.boss.createQueue(name);
      this.queues.add(name);
    }
  }

  async insert(db: Kysely<Database>, job: NewJob): Promise<void> {
    await this.prepare([job.name]);
    const id = await this.boss.send(job.name, job.data, {
      id: job.id,
      db: executorOver(db),
      retryLimit: job.policy.retryLimit,
      retryDelay: job.policy.retryDelaySeconds,
      retryBackoff: job.policy.backoff,
      expireInSeconds: job.policy.leaseSeconds,
      retentionDays: RETENTION.deadMs / 1000 / SECONDS_PER_DAY,
    });
    if (id === null) throw new Error(`pg-boss did not store job "${job.name}" (${job.id})`);
  }

  async claim(names: readonly string[], limit: number): Promise<ClaimedJob[]> {
    const claimed: ClaimedJob[] = [];
    const first = this.nextFirst++ % names.length;
    const order = [...names.slice(first), ...names.slice(0, first)];
    for (const name of order) {
      const free = limit - claimed.length;
      if (free <= 0) break;
      const jobs = await this.boss.fetch<object>(name, { batchSize: free, includeMetadata: true });
      for (const job of jobs) {
        claimed.push({
          id: job.id,
          name: job.name,
          data: job.data,
          attempt: job.retryCount + 1,
          leaseToken: '',
        });
      }
    }
    return claimed;
  }

  async complete(job: ClaimedJob): Promise<void> {
    await this.boss.complete(job.name, job.id);
  }

  async fail(job: ClaimedJob, error: string): Promise<FailOutcome> {
    await this.boss.fail(job.name, job.id, { message: error.slice(0, 2000) });
    const stored = await this.boss.getJobById(job.name, job.id);
    if (stored === null) return 'gone';
    return stored.state === 'failed' ? 'dead' : 'retry';
  }

  async counts(): Promise<Record<string, Omit<JobCounts, 'failedRuns'>>> {
    const { rows } = await sql<{ name: string; state: string; count: number }>`
      select name, state::text as state, count(*)::int as count
      from ${sql.table(`${this.schema}.job`)}
      where state in ('created', 'retry', 'active', 'failed')
      group by name, state
    `.execute(this.db);
    const counts: Record<string, Omit<JobCounts, 'failedRuns'>> = {};
    for (const { name, state, count } of rows) {
      const entry = (counts[name] ??= { waiting: 0, retrying: 0, active: 0, dead: 0 });
      if (state === 'created') entry.waiting += count;
      else if (state === 'retry') entry.retrying += count;
      else if (state === 'active') entry.active += count;
      else if (state === 'failed') entry.dead += count;
    }
    return counts;
  }

  /** pg-boss's supervisor expires leases and archives old jobs on its own interval. */
  async maintain(): Promise<void> {}

  async close(): Promise<void> {
    // No workers of pg-boss's own run, so there is nothing for a graceful stop to wait for.
    await this.boss.stop({ graceful: false, close: false });
  }
}
