import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { purgeEffects, runOnce, runOnceExternal } from './job-effects';
import {
  DEFAULT_RETRY_POLICY,
  type JobCounts,
  type JobHandler,
  type JobLogger,
  type JobPayloadMap,
  type JobQueue,
  type RetryPolicy,
  type RunningJob,
} from './job-queue';
import { RETENTION, type ClaimedJob, type JobStore } from './job-store';

export interface JobRunnerOptions {
  concurrency: number;
  pollIntervalMs: number;
  maintenanceIntervalMs: number;
  logger: JobLogger;
}

interface Registration {
  handler: JobHandler<unknown>;
  policy: RetryPolicy;
}

type RunnerState = 'idle' | 'running' | 'stopping' | 'stopped';

function checkPolicy(name: string, policy: RetryPolicy): void {
  const wholeAtLeast = (value: number, min: number) => Number.isInteger(value) && value >= min;
  const problems = [
    wholeAtLeast(policy.retryLimit, 0) ? undefined : 'retryLimit must be a whole number ≥ 0',
    wholeAtLeast(policy.retryDelaySeconds, 0)
      ? undefined
      : 'retryDelaySeconds must be a whole number ≥ 0',
    // pg-boss refuses leases of a day or more.
    wholeAtLeast(policy.leaseSeconds, 1) && policy.leaseSeconds < 24 * 60 * 60
      ? undefined
      : 'leaseSeconds must be a whole number from 1 to 86399',
  ].filter((problem) => problem !== undefined);
  if (problems.length > 0) {
    throw new Error(`job "${name}": ${problems.join('; ')}`);
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The workers, the same over either store: up to `concurrency` runs at once, a poll when idle
 * and again as soon as a run ends, each run raced against its lease, and a drain on stop.
 */
export class JobRunner<Payloads extends JobPayloadMap<Payloads>> implements JobQueue<Payloads> {
  private readonly registrations = new Map<string, Registration>();
  private readonly running = new Set<Promise<void>>();
  private readonly failedRuns = new Map<string, number>();
  private state: RunnerState = 'idle';
  private loopEnded: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  /** Set when stop gave up waiting: runs ending later are not acknowledged. */
  private abandoned = false;
  private lastMaintenance = 0;

  constructor(
    private readonly store: JobStore,
    private readonly db: Kysely<Database>,
    private readonly options: JobRunnerOptions,
  ) {}

  get engine() {
    return this.store.engine;
  }

  register<Name extends keyof Payloads & string>(
    name: Name,
    handler: JobHandler<Payloads[Name]>,
    policy: Partial<RetryPolicy> = {},
  ): void {
    if (this.state !== 'idle') {
      throw new Error(`job "${name}" must be registered before the job queue starts`);
    }
    if (this.registrations.has(name)) {
      throw new Error(`job "${name}" already has a handler`);
    }
    const full = { ...DEFAULT_RETRY_POLICY, ...policy };
    checkPolicy(name, full);
    this.registrations.set(name, { handler: handler as JobHandler<unknown>, policy: full });
  }

  async enqueue<Name extends keyof Payloads & string>(
    db: Kysely<Database>,
    name: Name,
    data: Payloads[Name],
  ): Promise<string> {
    const registration = this.registrations.get(name);
    if (registration === undefined) {
      throw new Error(
        `job "${name}" has no handler; registered: ${[...this.registrations.keys()].join(', ') || 'none'}`,
      );
    }
    const id = randomUUID();
    await this.store.insert(db, { id, name, data, policy: registration.policy });
    return id;
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') throw new Error(`the job queue cannot start: it is ${this.state}`);
    await this.store.prepare([...this.registrations.keys()]);
    this.state = 'running';
    this.loopEnded = this.loop();
  }

  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    if (this.state === 'stopping' || this.state === 'stopped') return;
    const wasRunning = this.state === 'running';
    this.state = 'stopping';
    if (wasRunning) {
      this.wake();
      await this.loopEnded;
      await this.drain(options.timeoutMs ?? 30_000);
    }
    this.state = 'stopped';
    await this.store.close();
  }

  async counts(): Promise<Record<string, JobCounts>> {
    const stored = await this.store.counts();
    const counts: Record<string, JobCounts> = {};
    for (const name of this.registrations.keys()) {
      counts[name] = {
        waiting: 0,
        retrying: 0,
        active: 0,
        dead: 0,
        ...stored[name],
        failedRuns: this.failedRuns.get(name) ?? 0,
      };
    }
    return counts;
  }

  private async drain(timeoutMs: number): Promise<void> {
    if (this.running.size > 0 && timeoutMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    if (this.running.size > 0) {
      this.abandoned = true;
      this.options.logger.warn(
        { running: this.running.size },
        'the job queue stopped with jobs still running: they run again once their leases expire',
      );
    }
  }

  private async loop(): Promise<void> {
    const names = [...this.registrations.keys()];
    while (this.state === 'running') {
      try {
        await this.maintainWhenDue();
        const free = this.options.concurrency - this.running.size;
        if (free > 0 && names.length > 0) {
          for (const job of await this.store.claim(names, free)) this.run(job);
        }
      } catch (error) {
        this.options.logger.error({ err: error }, 'the job queue could not fetch jobs');
      }
      if (this.state !== 'running') break;
      await this.sleep(this.options.pollIntervalMs);
    }
  }

  private async maintainWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastMaintenance < this.options.maintenanceIntervalMs) return;
    this.lastMaintenance = now;
    await this.store.maintain();
    await purgeEffects(this.db, new Date(now - RETENTION.effectsMs));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }

  private wake(): void {
    this.wakeUp?.();
  }

  private run(job: ClaimedJob): void {
    const registration = this.registrations.get(job.name);
    if (registration === undefined) return;
    const run = this.execute(job, registration).finally(() => {
      this.running.delete(run);
      this.wake();
    });
    this.running.add(run);
  }

  private async execute(job: ClaimedJob, { handler, policy }: Registration): Promise<void> {
    let leaseTimer: NodeJS.Timeout | undefined;
    const leaseEnded = new Promise<{ failure: unknown; failed: boolean }>((resolve) => {
      const failure = new Error(`the run outlived its lease of ${policy.leaseSeconds} s`);
      // unref: a hung handler's lease alone does not keep a stopping process alive.
      leaseTimer = setTimeout(() => resolve({ failure, failed: true }), policy.leaseSeconds * 1000);
      leaseTimer.unref();
    });
    // Settles either way, so a handler that fails after its lease ended rejects nothing.
    const handled = Promise.resolve()
      .then(() => handler(this.runningJob(job)))
      .then(
        () => ({ failure: undefined, failed: false }),
        (failure: unknown) => ({ failure, failed: true }),
      );
    const { failure, failed } = await Promise.race([handled, leaseEnded]);
    clearTimeout(leaseTimer);
    if (this.abandoned) return;
    try {
      if (!failed) {
        await this.store.complete(job);
        return;
      }
      this.failedRuns.set(job.name, (this.failedRuns.get(job.name) ?? 0) + 1);
      const outcome = await this.store.fail(job, describeError(failure));
      const details = { job: job.name, id: job.id, attempt: job.attempt, err: failure };
      if (outcome === 'dead') {
        this.options.logger.error(details, 'a job failed for the last time and is dead');
      } else {
        this.options.logger.warn(details, 'a job failed and will be retried');
      }
    } catch (error) {
      this.options.logger.error(
        { job: job.name, id: job.id, err: error },
        'the outcome of a job could not be recorded: it runs again once its lease expires',
      );
    }
  }

  private runningJob(job: ClaimedJob): RunningJob<unknown> {
    return {
      id: job.id,
      name: job.name,
      data: job.data,
      attempt: job.attempt,
      once: (work) => runOnce(this.db, job.id, work),
      onceExternal: (work) => runOnceExternal(this.db, job.id, work),
    };
  }
}
