import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { MailConfig } from '../config';
import type { Database } from '../db/schema';
import { composeEmail, type EmailRequest } from './compose-email';
import { registerEmailJob } from './email-job';
import { createMailer, type MailerKind } from './mailer';

export interface AppMailer {
  readonly kind: MailerKind;
  /**
   * Composes the e-mail from the case's copy and stores its job through `db`: pass the
   * transaction of the change that sends it, and the e-mail goes out if and only if that
   * change commits. Returns the job id.
   */
  enqueue(db: Kysely<Database>, request: EmailRequest): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: AppMailer;
  }
}

export interface MailerPluginOptions extends MailConfig {
  dataDir: string;
}

/**
 * E-mail: nodemailer over SMTP_URL, or, without it, each message written as an .eml file under
 * DATA_DIR/outbox-mail (the demo's way, and the start-up log says so). Messages are sent by the
 * `email` job, so a failed send is retried and a sent one is not sent again.
 */
export default fp<MailerPluginOptions>(
  async (app, options) => {
    const mailer = createMailer({ smtpUrl: options.smtpUrl, dataDir: options.dataDir });
    registerEmailJob(app.jobs, mailer);
    if (mailer.kind === 'files') {
      app.log.warn(
        { folder: mailer.destination },
        'e-mails are not sent: SMTP_URL is not set, so each one is written as an .eml file',
      );
    } else {
      app.log.info(
        { smtp: mailer.destination, from: options.from.address },
        'e-mails are sent over SMTP',
      );
    }
    app.decorate('mailer', {
      kind: mailer.kind,
      enqueue: (db, request) =>
        app.jobs.enqueue(db, 'email', {
          email: composeEmail(app.claimsCase, options.from, request),
        }),
    } satisfies AppMailer);
  },
  { name: 'mailer', dependencies: ['jobs', 'claims-case'] },
);
