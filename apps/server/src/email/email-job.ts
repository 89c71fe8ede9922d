import type { JobPayloadMap, JobQueue, RetryPolicy } from '../jobs/job-queue';
import type { ComposedEmail } from './compose-email';
import type { Mailer } from './mailer';

/** The `email` job: a message composed when it was enqueued, sent as it was committed. */
export interface EmailJobData {
  email: ComposedEmail;
}

export interface EmailJobs {
  email: EmailJobData;
}

/** An unreachable mail server is retried for one to two hours, then the job is dead. */
export const EMAIL_RETRY_POLICY: Readonly<RetryPolicy> = {
  retryLimit: 6,
  retryDelaySeconds: 60,
  backoff: true,
  leaseSeconds: 5 * 60,
};

/**
 * Registers the handler of `email` jobs: the message is sent unless an earlier run of the job
 * recorded it sent. A crash between the SMTP server's acceptance and that record sends it
 * again, under the same Message-ID.
 */
export function registerEmailJob<Payloads extends EmailJobs & JobPayloadMap<Payloads>>(
  jobs: JobQueue<Payloads>,
  mailer: Mailer,
  policy: Partial<RetryPolicy> = {},
): void {
  jobs.register(
    'email',
    async (job) => {
      await job.onceExternal(() => mailer.send(job.data.email, job.id));
    },
    { ...EMAIL_RETRY_POLICY, ...policy },
  );
}
