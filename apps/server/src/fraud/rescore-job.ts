import type { FraudSettings } from '@claims/core/fraud/config';
import type { JobPayloadMap, JobQueue, RetryPolicy } from '../jobs/job-queue';
import { assessStoredClaim } from './assess-claim';

/** The `fraud-rescore` job: earlier claims a later one joined, to be scored again. */
export interface FraudRescoreJobData {
  /** The claim whose filing joined them, for the log. */
  joinedBy: string;
  claimIds: string[];
}

export interface FraudJobs {
  'fraud-rescore': FraudRescoreJobData;
}

/** Scoring is quick; a failed run (the database away) is retried within minutes. */
export const FRAUD_RESCORE_RETRY_POLICY: Readonly<RetryPolicy> = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  backoff: true,
  leaseSeconds: 5 * 60,
};

/**
 * Registers the handler of `fraud-rescore` jobs: every claim named is scored again from the
 * claims as they stand, with the case's settings, in one transaction recorded under the job's
 * id, so a retry after a crash writes nothing twice. A later claim joining them enqueues a job
 * of its own; a job never enqueues another, so a cluster is never rescored in a loop.
 */
export function registerFraudRescoreJob<Payloads extends FraudJobs & JobPayloadMap<Payloads>>(
  jobs: JobQueue<Payloads>,
  settings: () => FraudSettings,
  now: () => Date,
): void {
  jobs.register(
    'fraud-rescore',
    async (job) => {
      await job.once(async (trx) => {
        for (const claimId of job.data.claimIds) {
          await assessStoredClaim(trx, claimId, settings(), now());
        }
      });
    },
    FRAUD_RESCORE_RETRY_POLICY,
  );
}
