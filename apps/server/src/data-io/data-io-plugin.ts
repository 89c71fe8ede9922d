import fp from 'fastify-plugin';
import type { RetryPolicy } from '../jobs/job-queue';
import type { DataIoContext } from './data-io-context';
import { runDataJob } from './data-job-runner';
import { updateDataJob } from './data-jobs';
import type { EnqueueDataJob } from './data-io-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Imports and exports run as jobs (docs/behaviour.md#data-in-and-out). */
    dataIo: { context: DataIoContext; enqueue: EnqueueDataJob };
  }
}

export interface DataIoPluginOptions {
  dataDir: string;
  pinPepper: string;
}

/**
 * A list of millions of rows takes minutes: the lease of two hours outlasts it (a run cut short
 * by a crash starts again once it ends); a failed run is retried twice.
 */
export const DATA_JOB_RETRY_POLICY: Readonly<RetryPolicy> = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  backoff: true,
  leaseSeconds: 2 * 60 * 60,
};

/** The `data-job` queue job and what the admin routes start data jobs with. */
export default fp<DataIoPluginOptions>(
  async (app, options) => {
    const context: DataIoContext = {
      db: app.db,
      dataDir: options.dataDir,
      pinPepper: options.pinPepper,
      claimsCase: app.claimsCase,
      documents: app.documents,
      now: app.now,
    };
    app.jobs.register(
      'data-job',
      async (job) => {
        try {
          await runDataJob(context, job.data.dataJobId);
        } catch (error) {
          // The last run: the supervisor sees why rather than a job running forever.
          if (job.attempt > DATA_JOB_RETRY_POLICY.retryLimit) {
            await updateDataJob(app.db, job.data.dataJobId, {
              state: 'failed',
              error: `The job failed: ${error instanceof Error ? error.message : String(error)}`,
              finished_at: app.now().toISOString(),
            });
          }
          throw error;
        }
      },
      DATA_JOB_RETRY_POLICY,
    );
    app.decorate('dataIo', {
      context,
      enqueue: async (db, dataJobId) => {
        await app.jobs.enqueue(db, 'data-job', { dataJobId });
      },
    });
  },
  { name: 'data-io', dependencies: ['jobs', 'database', 'claims-case', 'clock', 'documents'] },
);
