import { performance } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import type { RetryPolicy } from '../jobs/job-queue';
import { schedulePurge } from '../services/purge-timer';
import type { DocumentBucketConfig } from '../uploads/bucket-document-store';
import type { DataIoContext } from './data-io-context';
import { openDataFileStore, sweepDataFiles } from './data-file-store';
import { discardUpload, runDataJob } from './data-job-runner';
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
  /** The documents' bucket, which then keeps the data files too; absent: DATA_DIR/data-io. */
  bucket?: DocumentBucketConfig | undefined;
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

/** A request this recent means the server is in use: long jobs give way (data-io-context.ts). */
const IN_USE_MS = 250;

/** How often the data files kept longer than their retention are swept. */
const SWEEP_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * The `data-job` queue job and what the admin routes start data jobs with. The data files
 * (data-file-store.ts) are swept at start-up and then every day.
 */
export default fp<DataIoPluginOptions>(
  async (app, options) => {
    const files = await openDataFileStore(options.dataDir, options.bucket);
    let startUpSweep: Promise<void> = Promise.resolve();
    app.addHook('onClose', async () => {
      await startUpSweep;
      await files.close();
    });
    app.log.info(`data-io files are kept in ${files.description}`);
    let lastRequestAt = Number.NEGATIVE_INFINITY;
    app.addHook('onRequest', (_request, _reply, done) => {
      lastRequestAt = performance.now();
      done();
    });
    const context: DataIoContext = {
      db: app.db,
      writeEphemeral: app.writeEphemeral,
      dataDir: options.dataDir,
      pinPepper: options.pinPepper,
      claimsCase: app.claimsCase,
      documents: app.documents,
      files,
      now: app.now,
      serving: () => performance.now() - lastRequestAt < IN_USE_MS,
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
            await discardUpload(context, job.data.dataJobId).catch((failure: unknown) => {
              app.log.warn({ err: failure }, 'the upload of a failed data job was not removed');
            });
          }
          throw error;
        }
      },
      DATA_JOB_RETRY_POLICY,
    );
    const sweep = async () => {
      const removed = await sweepDataFiles(app.db, files, options.dataDir, app.now());
      if (removed > 0) app.log.info({ removed }, 'removed data-io files past their retention');
    };
    // Not waited for: a bucket out of reach does not keep the server from starting, and the
    // next sweep catches up.
    startUpSweep = sweep().catch((error: unknown) => {
      app.log.error({ err: error }, 'the data-io files could not be swept at start-up');
    });
    schedulePurge(app, sweep, 'sweeping the data-io files failed', SWEEP_INTERVAL_MS);
    app.decorate('dataIo', {
      context,
      enqueue: async (db, dataJobId) => {
        await app.jobs.enqueue(db, 'data-job', { dataJobId });
      },
    });
  },
  { name: 'data-io', dependencies: ['jobs', 'database', 'claims-case', 'clock', 'documents'] },
);
