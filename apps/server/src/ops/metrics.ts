import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { JobCounts } from '../jobs/job-queue';
import type { SecurityEventName } from '../logger';
import type { RateLimited } from './ops-config';

/** What a security event says about an authorize call, when it says something. */
const AUTHORIZE_OUTCOMES: Partial<Record<SecurityEventName, string>> = {
  'authorize.succeeded': 'authorized',
  'authorize.refused': 'refused',
  'authorize.locked': 'locked',
  'captcha.refused': 'captcha_refused',
};

const JOB_STATES = ['waiting', 'retrying', 'active', 'dead'] as const;

/**
 * The server's Prometheus metrics, in a registry of its own per app (docs/deploy.md#metrics).
 * Code where an event happens calls one method here; the job queue's depth is read at each
 * scrape. Names start with claims_; Node's process metrics (event-loop delay among them) keep
 * prom-client's names.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly claimsFiled = new Counter({
    name: 'claims_filed_total',
    help: 'Claims filed (a resubmission of a claim already filed is not counted again)',
    labelNames: ['form'] as const,
    registers: [this.registry],
  });
  private readonly authorizeOutcomes = new Counter({
    name: 'claims_authorize_total',
    help: 'Authorize calls by outcome: authorized, refused, locked, captcha_refused',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly lockouts = new Counter({
    name: 'claims_lockouts_total',
    help: 'Lockouts started by a wrong answer (per ID, per ID and address, or per address)',
    registers: [this.registry],
  });
  private readonly securityEvents = new Counter({
    name: 'claims_security_events_total',
    help: 'Security events by name, as logged',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  private readonly uploadBytes = new Counter({
    name: 'claims_upload_bytes_total',
    help: 'Bytes of documents received and stored pending their claim',
    registers: [this.registry],
  });
  private readonly documentsReceived = new Counter({
    name: 'claims_documents_received_total',
    help: 'Documents received and stored pending their claim',
    registers: [this.registry],
  });
  private readonly rateLimitRefusals = new Counter({
    name: 'claims_rate_limited_total',
    help: 'Requests refused with 429 by the per-address rate limits',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  claimFiled(formType: string): void {
    this.claimsFiled.inc({ form: formType });
  }

  securityEvent(event: SecurityEventName): void {
    this.securityEvents.inc({ event });
    const outcome = AUTHORIZE_OUTCOMES[event];
    if (outcome !== undefined) this.authorizeOutcomes.inc({ outcome });
    if (event === 'authorize.lockout') this.lockouts.inc();
  }

  documentReceived(bytes: number): void {
    this.documentsReceived.inc();
    this.uploadBytes.inc(bytes);
  }

  rateLimited(limit: RateLimited): void {
    this.rateLimitRefusals.inc({ limit });
  }

  /** Reports the job queue's depth and failures at each scrape, as `counts` reads them. */
  watchJobs(counts: () => Promise<Record<string, JobCounts>>): void {
    new Gauge({
      name: 'claims_jobs',
      help: 'Jobs stored, by name and state: waiting (the queue depth), retrying, active, dead',
      labelNames: ['name', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [name, count] of Object.entries(await counts())) {
          for (const state of JOB_STATES) this.set({ name, state }, count[state]);
        }
      },
    });
    new Gauge({
      name: 'claims_job_failed_runs',
      help: 'Job runs that failed in this process since it started, by job name',
      labelNames: ['name'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [name, count] of Object.entries(await counts())) {
          this.set({ name }, count.failedRuns);
        }
      },
    });
  }

  /** Node's process metrics: CPU, memory, handles, garbage collection, event-loop delay. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }
}
