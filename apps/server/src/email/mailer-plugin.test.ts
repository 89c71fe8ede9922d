import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseWithReceiptCopy } from '../../test-fakes/email-copy';
import { readMimeMessage, SmtpSink } from '../../test-fakes/smtp-sink';
import type { ClaimsCase } from '../case/claims-case';
import { startTestApp, type TestApp } from '../test/test-app';
import { composeEmail, type ComposedEmail } from './compose-email';
import { MAIL_FOLDER } from './mailer';

let loaded: Awaited<ReturnType<typeof caseWithReceiptCopy>>;
let claimsCase: ClaimsCase;
let sink: SmtpSink;

beforeAll(async () => {
  loaded = await caseWithReceiptCopy();
  claimsCase = loaded.claimsCase;
  sink = await SmtpSink.start();
});
afterAll(async () => {
  await sink.close();
  await loaded.close();
});

function receipt(): ComposedEmail {
  return composeEmail(
    claimsCase,
    { address: 'claims@example.org', name: 'Claims Desk' },
    {
      template: 'Receipt',
      to: 'ana@example.org',
      culture: 'es',
      params: { referenceCode: '5BC-GBAA-68SW', firstName: 'Ana' },
    },
  );
}

/** Log lines the app writes, parsed. */
function logLines() {
  const lines: { msg?: string; folder?: string; smtp?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as (typeof lines)[number]);
      }
      done();
    },
  });
  return { lines, stream };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await delay(25);
  }
}

describe('the app without SMTP_URL', () => {
  let testApp: TestApp;
  const log = logLines();

  beforeAll(async () => {
    testApp = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
  });
  afterAll(async () => testApp.close());

  it('says at start-up that e-mails are written as files, and where', () => {
    const folder = path.join(testApp.dataDir, MAIL_FOLDER);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: 'e-mails are not sent: SMTP_URL is not set, so each one is written as an .eml file',
        folder,
      }),
    );
    expect(testApp.app.mailer.kind).toBe('files');
  });

  it('writes an e-mail job committed with a change as an .eml file under the data folder', async () => {
    const { app } = testApp;
    const email = receipt();
    const id = await app.db
      .transaction()
      .execute((trx) => app.jobs.enqueue(trx, 'email', { email }));
    const file = path.join(testApp.dataDir, MAIL_FOLDER, `${id}.eml`);
    await waitFor(() =>
      stat(file).then(
        () => true,
        () => false,
      ),
    );
    const message = readMimeMessage(await readFile(file, 'utf8'));
    expect(message.subject).toBe(email.subject);
    expect(message.text).toBe(email.text);
    expect(message.html).toBe(email.html);
  });

  it('makes the e-mail folder again when it was removed while the app ran', async () => {
    const { app } = testApp;
    const folder = path.join(testApp.dataDir, MAIL_FOLDER);
    await rm(folder, { recursive: true, force: true });
    const id = await app.db
      .transaction()
      .execute((trx) => app.jobs.enqueue(trx, 'email', { email: receipt() }));
    const file = path.join(folder, `${id}.eml`);
    await waitFor(() =>
      stat(file).then(
        () => true,
        () => false,
      ),
    );
  });

  it('composes e-mails from the case of the app, refusing a template it has no copy for', async () => {
    const { app } = testApp;
    await expect(
      app.db
        .transaction()
        .execute((trx) =>
          app.mailer.enqueue(trx, { template: 'Receipt', to: 'ana@example.org', culture: 'en' }),
        ),
    ).rejects.toThrow('the case has no copy for LocKey_Email_Receipt_Subject');
  });
});

describe('the app with SMTP_URL', () => {
  let testApp: TestApp;
  const log = logLines();

  beforeAll(async () => {
    testApp = await startTestApp({
      env: {
        LOG_LEVEL: 'info',
        SMTP_URL: sink.url,
        MAIL_FROM: 'Claims Desk <claims@example.org>',
      },
      logStream: log.stream,
    });
  });
  afterAll(async () => testApp.close());

  it('sends e-mail jobs to that server, and names it without credentials at start-up', async () => {
    const { app } = testApp;
    expect(app.mailer.kind).toBe('smtp');
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: 'e-mails are sent over SMTP',
        smtp: `smtp://127.0.0.1:${sink.port}`,
      }),
    );
    const email = receipt();
    await app.db.transaction().execute((trx) => app.jobs.enqueue(trx, 'email', { email }));
    await waitFor(() => sink.received.length === 1);
    const { message, rcptTo } = sink.received[0]!;
    expect(rcptTo).toEqual(['ana@example.org']);
    expect(message.subject).toBe(email.subject);
    expect(message.text).toBe(email.text);
    expect(message.html).toBe(email.html);
  });
});
