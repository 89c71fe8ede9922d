import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobState } from '../db/schema';
import { openTestDatabase } from '../test/test-app';
import { dueJobs, SqliteJobStore } from './sqlite-job-store';

const NOW = new Date('2026-12-01T12:00:00.000Z');

describe.runIf(process.env.TEST_DB !== 'postgres')('the SQLite job store', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  /** Adds a job as the store would, then moves it to `state`, due at `runAfter`. */
  async function addJob(id: string, name: string, state: JobState, runAfter: string) {
    const store = new SqliteJobStore(database.db, database.writeEphemeral, () => NOW);
    await store.insert(database.db, {
      id,
      name,
      data: {},
      policy: { retryLimit: 3, retryDelaySeconds: 1, backoff: false, leaseSeconds: 60 },
    });
    await database.db
      .updateTable('jobs')
      .set({ state, run_after: runAfter })
      .where('id', '=', id)
      .execute();
  }

  it('reads due jobs in the order they run from an index, without sorting them', async () => {
    const { rows } = await sql<{
      detail: string;
    }>`explain query plan ${dueJobs(NOW, ['email'], 5)}`.execute(database.db);
    const plan = rows.map((row) => row.detail).join('\n');
    expect(plan).toContain('USING INDEX jobs_due');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('reads only the due jobs of the names asked for, the earliest first', async () => {
    await addJob('late', 'email', 'waiting', '2026-12-01T11:59:00.000Z');
    await addJob('early', 'email', 'retry', '2026-12-01T11:00:00.000Z');
    await addJob('future', 'email', 'waiting', '2026-12-01T12:00:01.000Z');
    await addJob('running', 'email', 'active', '2026-12-01T10:00:00.000Z');
    await addJob('finished', 'email', 'completed', '2026-12-01T10:00:00.000Z');
    await addJob('other-name', 'data-job', 'waiting', '2026-12-01T10:00:00.000Z');

    const { rows } = await dueJobs(NOW, ['email'], 5).execute(database.db);

    expect(rows.map((row) => row.id)).toEqual(['early', 'late']);
  });
});
