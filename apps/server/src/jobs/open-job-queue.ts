import type { DatabaseHandle } from '../db/database';
import type { JobLogger, JobPayloadMap, JobQueue } from './job-queue';
import { JobRunner } from './job-runner';
import { PgBossJobStore } from './pg-boss-job-store';
import { SqliteJobStore } from './sqlite-job-store';

export interface JobQueueOptions {
  /** Jobs run at once by this process, over all names; 2 by default. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs; 1 s by default. */
  pollIntervalMs?: number;
  /**
   * PostgreSQL: the schema pg-boss keeps its tables in; `pgboss` by default. The server passes
   * the schema the app is confined to, when it has one (tests), so dropping that schema drops
   * the queue with it.
   */
  pgBossSchema?: string;
  /** How often expired leases are reclaimed and old jobs and effects removed; 60 s by default. */
  maintenanceIntervalSeconds?: number;
  logger?: JobLogger;
}

const quietLogger: JobLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The job queue of the database: the in-process worker over the `jobs` table on SQLite, pg-boss
 * on PostgreSQL. Both give the same retries, backoff, leases and dead letters.
 */
export async function openJobQueue<Payloads extends JobPayloadMap<Payloads>>(
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'writeEphemeral'>,
  options: JobQueueOptions = {},
): Promise<JobQueue<Payloads>> {
  const logger = options.logger ?? quietLogger;
  const maintenanceIntervalSeconds = options.maintenanceIntervalSeconds ?? 60;
  const store =
    database.kind === 'sqlite'
      ? new SqliteJobStore(database.db, database.writeEphemeral)
      : await PgBossJobStore.open(database.db, {
          schema: options.pgBossSchema ?? 'pgboss',
          maintenanceIntervalSeconds,
          onError: (error) => logger.error({ err: error }, 'pg-boss reported an error'),
        });
  return new JobRunner<Payloads>(store, database.db, {
    concurrency: options.concurrency ?? 2,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    maintenanceIntervalMs: maintenanceIntervalSeconds * 1000,
    logger,
  });
}
