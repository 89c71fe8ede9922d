import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { caseWithReceiptCopy, RECEIPT_COPY } from '../../test-fakes/email-copy';
import { readMimeMessage, SmtpSink, type MimeMessage } from '../../test-fakes/smtp-sink';
import type { ClaimsCase } from '../case/claims-case';
import type { JobQueue } from '../jobs/job-queue';
import { openJobQueue } from '../jobs/open-job-queue';
import { openTestDatabase } from '../test/test-app';
import { composeEmail, type ComposedEmail } from './compose-email';
import { registerEmailJob, type EmailJobs } from './email-job';
import { createMailer, MAIL_FOLDER } from './mailer';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let pgBossSchema: string | undefined;
let loaded: Awaited<ReturnType<typeof caseWithReceiptCopy>>;
let claimsCase: ClaimsCase;
let sink: SmtpSink;
let dataDir: string;
let queue: JobQueue<EmailJobs> | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.kind === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      database.db,
    );
    pgBossSchema = rows[0]?.schema;
  }
  loaded = await caseWithReceiptCopy();
  claimsCase = loaded.claimsCase;
  sink = await SmtpSink.start();
  dataDir = await mkdtemp(path.join(tmpdir(), 'claims-mail-'));
});
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
  sink.received.length = 0;
  sink.refuseNext(0);
});
afterAll(async () => {
  await sink.close();
  await loaded.close();
  await rm(dataDir, { recursive: true, force: true });
  await database.close();
});

/** A queue whose `email` jobs go through the mailer of `smtpUrl`, or to files. */
async function emailQueue(smtpUrl: string | undefined): Promise<JobQueue<EmailJobs>> {
  queue = await openJobQueue<EmailJobs>(database, {
    pollIntervalMs: 50,
    ...(pgBossSchema === undefined ? {} : { pgBossSchema }),
  });
  registerEmailJob(queue, createMailer({ smtpUrl, dataDir }), {
    retryDelaySeconds: 0,
    backoff: false,
  });
  await queue.start();
  return queue;
}

function receipt(culture: 'en' | 'es'): ComposedEmail {
  return composeEmail(
    claimsCase,
    { address: 'claims@example.org' },
    {
      template: 'Receipt',
      to: `claimant-${culture}@example.org`,
      culture,
      params: { referenceCode: '5BC-GBAA-68SW', firstName: 'José' },
    },
  );
}

/** Enqueues the e-mail in a transaction, as a change that needs it would. */
async function enqueueEmail(jobs: JobQueue<EmailJobs>, email: ComposedEmail): Promise<string> {
  return database.db.transaction().execute((trx) => jobs.enqueue(trx, 'email', { email }));
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await delay(25);
  }
}

function expectReceipt(message: MimeMessage, culture: 'en' | 'es', id: string): void {
  const copy = RECEIPT_COPY[culture];
  const fill = (text: string) =>
    text.replaceAll('{referenceCode}', '5BC-GBAA-68SW').replaceAll('{firstName}', 'José');
  expect(message.subject).toBe(fill(copy.LocKey_Email_Receipt_Subject));
  expect(message.text).toBe(fill(copy.LocKey_Email_Receipt_Body));
  expect(message.html).toContain(
    culture === 'en'
      ? 'Keep this code &lt;safe&gt; &amp; at hand.'
      : 'Guarde este código &lt;seguro&gt; &amp; a mano.',
  );
  expect(message.html).toContain(`<html lang="${culture}">`);
  expect(message.headers.get('to')).toBe(`claimant-${culture}@example.org`);
  expect(message.headers.get('from')).toBe(
    `${claimsCase.text(culture, 'LocKey_Case_ProjectTitle')} <claims@example.org>`,
  );
  expect(message.headers.get('message-id')).toBe(`<${id}@example.org>`);
  expect(message.headers.get('content-language')).toBe(culture);
}

describe('the email job', () => {
  it('delivers each message to the SMTP server with its subject, text and HTML, in English and Spanish', async () => {
    const jobs = await emailQueue(sink.url);
    const english = await enqueueEmail(jobs, receipt('en'));
    const spanish = await enqueueEmail(jobs, receipt('es'));
    await waitFor(() => sink.received.length === 2);
    const byRecipient = (culture: string) => {
      const mail = sink.received.find((received) =>
        received.rcptTo.includes(`claimant-${culture}@example.org`),
      );
      if (mail === undefined) throw new Error(`no message for the ${culture} claimant`);
      return mail;
    };
    expect(byRecipient('en').mailFrom).toBe('claims@example.org');
    expectReceipt(byRecipient('en').message, 'en', english);
    expectReceipt(byRecipient('es').message, 'es', spanish);
  });

  it('sends a message the SMTP server turned away on a retry, and only once', async () => {
    sink.refuseNext(1);
    const jobs = await emailQueue(sink.url);
    const id = await enqueueEmail(jobs, receipt('es'));
    await waitFor(() => sink.received.length === 1);
    await delay(500);
    expect(sink.received).toHaveLength(1);
    expectReceipt(sink.received[0]!.message, 'es', id);
    expect((await jobs.counts()).email).toMatchObject({ failedRuns: 1, dead: 0, retrying: 0 });
  });

  it('writes each message as an .eml file under the data folder when no SMTP server is set', async () => {
    const jobs = await emailQueue(undefined);
    const english = await enqueueEmail(jobs, receipt('en'));
    const spanish = await enqueueEmail(jobs, receipt('es'));
    const folder = path.join(dataDir, MAIL_FOLDER);
    const files = async () => (await readdir(folder).catch(() => [])).sort();
    await waitFor(async () => (await files()).length === 2);
    expect(await files()).toEqual([`${english}.eml`, `${spanish}.eml`].sort());
    for (const [id, culture] of [
      [english, 'en'],
      [spanish, 'es'],
    ] as const) {
      const raw = await readFile(path.join(folder, `${id}.eml`), 'utf8');
      expect(raw).toContain('\r\n');
      expectReceipt(readMimeMessage(raw), culture, id);
    }
    expect(sink.received).toHaveLength(0);
  });
});
