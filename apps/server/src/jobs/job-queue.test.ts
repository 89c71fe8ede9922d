import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { openTestDatabase } from '../test/test-app';
import type { JobQueue } from './job-queue';
import { openJobQueue, type JobQueueOptions } from './open-job-queue';

type TestJobs = Record<string, { label: string }>;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
/** On PostgreSQL pg-boss lives in the test's own schema, dropped with it. */
let pgBossSchema: string | undefined;
const openQueues: JobQueue<TestJobs>[] = [];
let jobNumber = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.kind === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      database.db,
    );
    pgBossSchema = rows[0]?.schema;
  }
  await sql`create table test_effects (job_id text not null, label text not null)`.execute(
    database.db,
  );
});
afterEach(async () => {
  await Promise.all(openQueues.splice(0).map((queue) => queue.stop({ timeoutMs: 0 })));
});
afterAll(async () => database.close());

/** A job name no other test uses (pg-boss's queues live as long as the schema). */
function jobName(): string {
  jobNumber += 1;
  return `test-job-${jobNumber}`;
}

async function newQueue(options: JobQueueOptions = {}): Promise<JobQueue<TestJobs>> {
  const queue = await openJobQueue<TestJobs>(database, {
    pollIntervalMs: 50,
    maintenanceIntervalSeconds: 1,
    ...(pgBossSchema === undefined ? {} : { pgBossSchema }),
    ...options,
  });
  openQueues.push(queue);
  return queue;
}

async function recordEffect(db: Kysely<Database>, jobId: string, label: string): Promise<void> {
  await sql`insert into test_effects (job_id, label) values (${jobId}, ${label})`.execute(db);
}

async function effects(label: string): Promise<string[]> {
  const { rows } = await sql<{
    job_id: string;
  }>`select job_id from test_effects where label = ${label}`.execute(database.db);
  return rows.map((row) => row.job_id);
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await delay(25);
  }
}

/** A promise with its resolve function, for handlers the test holds. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the job queue', () => {
  it('stores no job when the transaction that enqueued it rolls back', async () => {
    const name = jobName();
    const runs: string[] = [];
    const queue = await newQueue();
    queue.register(name, async (job) => {
      runs.push(job.id);
    });
    await queue.start();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, name, { label: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await delay(500);
    expect(runs).toEqual([]);
    expect((await queue.counts())[name]).toMatchObject({ waiting: 0, active: 0 });
  });

  it('runs a job once when the transaction that enqueued it commits', async () => {
    const name = jobName();
    const label = `committed ${name}`;
    const runs: string[] = [];
    const queue = await newQueue();
    queue.register(name, async (job) => {
      runs.push(job.id);
      await job.once((trx) => recordEffect(trx, job.id, job.data.label));
    });
    await queue.start();
    const id = await database.db
      .transaction()
      .execute((trx) => queue.enqueue(trx, name, { label }));
    await waitFor(() => runs.length === 1);
    await delay(500);
    expect(runs).toEqual([id]);
    expect(await effects(label)).toEqual([id]);
    expect((await queue.counts())[name]).toEqual({
      waiting: 0,
      retrying: 0,
      active: 0,
      dead: 0,
      failedRuns: 0,
    });
  });

  it('retries a failing job after growing delays and then keeps it as dead', async () => {
    const name = jobName();
    const startedAt: number[] = [];
    const attempts: number[] = [];
    const queue = await newQueue();
    queue.register(
      name,
      async (job) => {
        startedAt.push(Date.now());
        attempts.push(job.attempt);
        throw new Error('the mail server is down');
      },
      { retryLimit: 2, retryDelaySeconds: 1, backoff: true },
    );
    await queue.start();
    await queue.enqueue(database.db, name, { label: 'failing' });
    await waitFor(async () => (await queue.counts())[name]?.dead === 1, 20_000);
    await delay(500);
    expect(attempts).toEqual([1, 2, 3]);
    const [first, second, third] = startedAt as [number, number, number];
    // The first retry waits 1–2 s, the second 2–4 s.
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
    expect((await queue.counts())[name]).toEqual({
      waiting: 0,
      retrying: 0,
      active: 0,
      dead: 1,
      failedRuns: 3,
    });
  });

  it('runs a job again after its worker crashed mid-run, and its effect happens once', async () => {
    const name = jobName();
    const label = `crash ${name}`;
    const policy = { retryLimit: 2, retryDelaySeconds: 0, backoff: false, leaseSeconds: 1 };
    const hung = gate();
    const effectMade = gate();
    const runs: number[] = [];

    const crashing = await newQueue();
    crashing.register(
      name,
      async (job) => {
        runs.push(job.attempt);
        await job.once((trx) => recordEffect(trx, job.id, job.data.label));
        effectMade.open();
        // The process dies here: after the effect committed, before the acknowledgement.
        await hung.opened;
      },
      policy,
    );
    await crashing.start();
    const id = await database.db
      .transaction()
      .execute((trx) => crashing.enqueue(trx, name, { label }));
    await effectMade.opened;
    await crashing.stop({ timeoutMs: 0 });

    const recovered: boolean[] = [];
    const restarted = await newQueue();
    restarted.register(
      name,
      async (job) => {
        runs.push(job.attempt);
        recovered.push(await job.once((trx) => recordEffect(trx, job.id, job.data.label)));
      },
      policy,
    );
    await restarted.start();
    await waitFor(() => recovered.length === 1);
    hung.open();
    await delay(500);

    expect(runs).toEqual([1, 2]);
    expect(recovered).toEqual([false]);
    expect(await effects(label)).toEqual([id]);
    expect((await restarted.counts())[name]).toMatchObject({
      waiting: 0,
      retrying: 0,
      active: 0,
      dead: 0,
    });
  });

  it('waits on stop for a running job to finish and acknowledges it', async () => {
    const name = jobName();
    const label = `drained ${name}`;
    const started = gate();
    const queue = await newQueue();
    queue.register(name, async (job) => {
      started.open();
      await delay(700);
      await job.once((trx) => recordEffect(trx, job.id, job.data.label));
    });
    await queue.start();
    const id = await queue.enqueue(database.db, name, { label });
    await started.opened;
    await queue.stop();
    expect(await effects(label)).toEqual([id]);
    // Acknowledged: neither held nor waiting for another run.
    expect((await queue.counts())[name]).toMatchObject({
      waiting: 0,
      retrying: 0,
      active: 0,
      dead: 0,
    });
  });

  it('refuses a job whose name has no handler, naming the ones it knows', async () => {
    const queue = await newQueue();
    queue.register('known-job', async () => undefined);
    await expect(queue.enqueue(database.db, 'unknown-job', { label: 'x' })).rejects.toThrow(
      'job "unknown-job" has no handler; registered: known-job',
    );
  });
});
