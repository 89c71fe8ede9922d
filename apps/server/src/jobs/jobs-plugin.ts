import fp from 'fastify-plugin';
import type { EmailJobs } from '../email/email-job';
import type { DataIoJobs } from '../data-io/data-job-runner';
import type { FraudJobs } from '../fraud/rescore-job';
import type { JobQueue } from './job-queue';
import { openJobQueue } from './open-job-queue';

/** Every job the server runs, by name, with its payload. */
export type ServerJobs = EmailJobs & FraudJobs & DataIoJobs;

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: enqueue inside the transaction of the change that needs the job. */
    jobs: JobQueue<ServerJobs>;
  }
}

export interface JobsPluginOptions {
  concurrency: number;
  /** PostgreSQL: where pg-boss keeps its tables (the app's own schema when it has one). */
  pgBossSchema: string | undefined;
}

/**
 * The job queue over the app's database. Handlers are registered by the plugins after this
 * one; the workers start once the app is ready and, on close, finish their running jobs before
 * the database closes (hooks close in reverse order).
 */
export default fp<JobsPluginOptions>(
  async (app, options) => {
    const jobs = await openJobQueue<ServerJobs>(
      { db: app.db, kind: app.dbKind, writeEphemeral: app.writeEphemeral },
      {
        concurrency: options.concurrency,
        ...(options.pgBossSchema === undefined ? {} : { pgBossSchema: options.pgBossSchema }),
        logger: app.log,
      },
    );
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.start();
      app.log.info(
        { engine: jobs.engine, concurrency: options.concurrency },
        jobs.engine === 'sqlite'
          ? 'jobs run in this process over the jobs table'
          : 'jobs run through pg-boss',
      );
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
