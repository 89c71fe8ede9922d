import type { RemoteModelConfig } from '@claims/core/case/field-config';
import {
  draftPath,
  finishLaterPath,
  type FormStandingResponse,
} from '@claims/core/contract/drafts';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmtpSink, type ReceivedMail } from '../../test-fakes/smtp-sink';
import { demoRows, demoText, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { LINK_LIFETIME_MS } from './draft-store';

let testApp: TestApp;
let sink: SmtpSink;
const START = new Date('2030-03-05T18:00:00Z');
let clock = START;
let members: Record<string, string>[];
let nextMember = 0;
let configs: RemoteModelConfig[];

beforeAll(async () => {
  sink = await SmtpSink.start();
  testApp = await startTestApp({
    now: () => clock,
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'claims@example.org',
      PUBLIC_ORIGIN: 'https://claims.example.org',
    },
  });
  members = await demoRows('class-list.csv');
  configs = await new TestClient(testApp.app).modelConfigs();
});
afterAll(async () => {
  await testApp.close();
  await sink.close();
});
beforeEach(() => {
  clock = START;
});

async function waitForMail(to: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = sink.received.find((received) => received.rcptTo.includes(to));
    if (mail !== undefined) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} after 15 s`);
    await delay(25);
  }
}

function draft() {
  const config = configs.find(
    (entry) =>
      entry.metadata.formType === 'Standard' && entry.metadata.dtoMapping === 'ClaimantInfo',
  )!;
  return {
    page: '/standard/claim-details',
    models: [
      {
        clientId: 'ClaimantInfo-abcdefgh',
        metadataHash: config.metadataHash,
        fields: { firstName: 'Inés', lastName: 'Ybarra' },
      },
    ],
  };
}

/** A member who saves to finish later, giving `email`; answers the link the e-mail carries. */
/** The next demo member, signed in to the Standard form, saving to finish later. */
async function saveForLater(email: string | null, culture: string) {
  const row = members[nextMember++]!;
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
  return client.postJson(finishLaterPath('Standard'), { draft: draft(), email, culture });
}

async function finishLater(email: string, culture: string) {
  const response = await saveForLater(email, culture);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ emailed: true });
  const mail = await waitForMail(email);
  const text = mail.message.text ?? '';
  const link = /https:\/\/claims\.example\.org(\/api\/forms\/drafts\/resume\?token=[\w-]+)/.exec(
    text,
  );
  if (link === null) throw new Error(`no link in: ${text}`);
  return { mail, path: link[1]! };
}

async function openLink(path: string) {
  const browser = new TestClient(testApp.app);
  const response = await browser.get(path);
  return { browser, response };
}

describe('the e-mailed link', () => {
  it.each(['en', 'es'])('is sent in the claimant’s culture (%s)', async (culture) => {
    const { mail } = await finishLater(`ana-${culture}@example.org`, culture);
    expect(mail.message.subject).toBe(await demoText(culture, 'LocKey_Email_DraftLink_Subject'));
    const body = await demoText(culture, 'LocKey_Email_DraftLink_Body');
    expect(mail.message.text).toContain(body.split('\n')[0]);
    expect(mail.message.text).not.toContain('Inés');
  });

  it('signs a new browser in to the draft and opens the page it was left on', async () => {
    const { path } = await finishLater('bea@example.org', 'en');
    const { browser, response } = await openLink(path);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/standard/claim-details');
    const standing = (await browser.get(draftPath('Standard'))).json<FormStandingResponse>();
    expect(standing).toMatchObject({ authorized: true, draft: draft() });
  });

  it('is refused the second time it is used', async () => {
    const { path } = await finishLater('cora@example.org', 'en');
    expect((await openLink(path)).response.headers.location).toBe('/standard/claim-details');
    const again = await openLink(path);
    expect(again.response.statusCode).toBe(303);
    expect(again.response.headers.location).toBe('/session-expired');
    const standing = (await again.browser.get(draftPath('Standard'))).json<FormStandingResponse>();
    expect(standing.authorized).toBe(false);
  });

  it('is refused after 24 hours', async () => {
    const { path } = await finishLater('dora@example.org', 'es');
    clock = new Date(START.getTime() + LINK_LIFETIME_MS + 1000);
    expect((await openLink(path)).response.headers.location).toBe('/session-expired');
  });

  it('stores only the hash of its token', async () => {
    const { path } = await finishLater('eva@example.org', 'en');
    const token = new URL(path, 'https://x').searchParams.get('token')!;
    const rows = await testApp.app.db.selectFrom('draft_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is not sent when no address is given', async () => {
    const response = await saveForLater(null, 'en');
    expect(response.json()).toMatchObject({ emailed: false });
  });
});
