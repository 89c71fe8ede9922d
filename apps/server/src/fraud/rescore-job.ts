import type { FraudSettings } from '@claims/core/fraud/config';
import type { EphemeralWriter } from '../db/database';
import type { JobPayloadMap, JobQueue, RetryPolicy } from '../jobs/job-queue';
import { assessStoredClaim, relatedClaims } from './assess-claim';

/** The `fraud-rescore` job: earlier claims a later one joined, to be scored again. */
export interface FraudRescoreJobData {
  /** The claim whose filing joined them, for the log. */
  joinedBy: string;
  claimIds: string[];
  /**
   * Claims whose score at filing may have missed others: one filed at the same moment as a
   * claim it shares a fingerprint with (neither saw the other), or one whose signals could not
   * be read. Each is scored again, and so is every claim it shares a fingerprint with
   * (relatedClaims).
   */
  withRelated?: string[];
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
 * claims as they stand, with the case's settings, in one transaction. Scoring again is
 * idempotent, so the transaction keeps no record of the job and does not wait for the disk
 * (writeEphemeral): a run repeated after a crash, or after a power failure took the commit
 * (and the job's completion, which came after it), writes the same assessments. A later claim
 * joining them enqueues a job of its own; a job never enqueues another, so a cluster is never
 * rescored in a loop.
 */
export function registerFraudRescoreJob<Payloads extends FraudJobs & JobPayloadMap<Payloads>>(
  jobs: JobQueue<Payloads>,
  writeEphemeral: EphemeralWriter,
  settings: () => FraudSettings,
  now: () => Date,
): void {
  jobs.register(
    'fraud-rescore',
    async (job) => {
      await writeEphemeral(async (trx) => {
        const current = settings();
        const claimIds = new Set<string>();
        for (const claimId of job.data.withRelated ?? []) {
          claimIds.add(claimId);
          for (const related of await relatedClaims(trx, claimId, current)) claimIds.add(related);
        }
        for (const claimId of job.data.claimIds) claimIds.add(claimId);
        for (const claimId of claimIds) {
          await assessStoredClaim(trx, claimId, current, now());
        }
      });
    },
    FRAUD_RESCORE_RETRY_POLICY,
  );
}
