import type { FormStandingResponse } from '@claims/core/contract/drafts';
import { draftPath } from '@claims/core/contract/drafts';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StandardClaims } from '../test/standard-claim';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

let testApp: TestApp;
const START = new Date('2036-06-20T18:00:00Z');
let clock = START;
let members: Record<string, string>[];
let nextMember = 0;
let configs: RemoteModelConfig[];

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock, sessionIdleMinutes: 24 * 60 });
  members = await demoRows('class-list.csv');
  configs = await new TestClient(testApp.app).modelConfigs();
});
afterAll(async () => testApp.close());
beforeEach(() => {
  clock = START;
});

function member() {
  const row = members[nextMember++];
  if (row === undefined) throw new Error('the demo class list ran out of members');
  return { noticeId: row.NoticeId!, pin: row.Pin! };
}

async function signedIn(credentials: { noticeId: string; pin: string }) {
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', credentials);
  return client;
}

function claimantInfoHash(): string {
  const config = configs.find(
    (entry) =>
      entry.metadata.formType === 'Standard' && entry.metadata.dtoMapping === 'ClaimantInfo',
  );
  if (config === undefined) throw new Error('the demo Standard form has no ClaimantInfo');
  return config.metadataHash;
}

function draft(firstName: string) {
  return {
    page: '/standard/claim-details',
    models: [
      {
        clientId: 'ClaimantInfo-abcdefgh',
        metadataHash: claimantInfoHash(),
        fields: { firstName, lastName: 'Quintanilla' },
      },
    ],
  };
}

const putDraft = (client: TestClient, body: unknown) =>
  client.request({ method: 'PUT', url: draftPath('Standard'), payload: body as object });

async function standing(client: TestClient) {
  const response = await client.get(draftPath('Standard'));
  expect(response.statusCode).toBe(200);
  return response.json<FormStandingResponse & { captcha: string | null }>();
}

describe('writing a draft', () => {
  it('refuses a draft from a session that has not authorized the form', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    expect((await putDraft(client, draft('Ana'))).statusCode).toBe(401);
  });

  it('refuses a draft whose page is not on this site', async () => {
    const client = await signedIn(member());
    const response = await putDraft(client, { ...draft('Ana'), page: 'https://evil.example/' });
    expect(response.statusCode).toBe(400);
  });

  it('keeps the answers for a reload, with a new captcha pass for the submit', async () => {
    const client = await signedIn(member());
    expect((await putDraft(client, draft('Ana'))).statusCode).toBe(200);
    const answer = await standing(client);
    expect(answer).toMatchObject({ authorized: true, draft: draft('Ana'), clearedFields: [] });
    expect(answer.captcha).toEqual(expect.any(String));
  });

  it('stores the answers sealed: the stored bytes hold neither the answers nor the member', async () => {
    const credentials = member();
    const client = await signedIn(credentials);
    await putDraft(client, draft('Zebulon'));
    const rows = await testApp.app.db.selectFrom('drafts').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('Zebulon');
    expect(stored).not.toContain('Quintanilla');
    expect(stored).not.toContain(credentials.noticeId);
  });

  it('answers an empty standing to a session that has not authorized the form', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    expect(await standing(client)).toEqual({
      authorized: false,
      prepopulatedData: null,
      draft: null,
      clearedFields: [],
      referenceCode: null,
      captcha: null,
    });
  });
});

describe('resuming a draft', () => {
  it('resumes the draft at its page when the member signs in again in another browser', async () => {
    const credentials = member();
    await putDraft(await signedIn(credentials), draft('Beatriz'));
    const later = await signedIn(credentials);
    expect((await standing(later)).draft).toEqual(draft('Beatriz'));
  });

  it('does not show one member the draft of another', async () => {
    await putDraft(await signedIn(member()), draft('Carmen'));
    expect((await standing(await signedIn(member()))).draft).toBeNull();
  });

  it('clears a kept answer the form’s rules refuse today, and names it', async () => {
    const client = await signedIn(member());
    await putDraft(client, draft('x'.repeat(300)));
    const answer = await standing(client);
    expect(answer.clearedFields).toEqual(['ClaimantInfo.firstName']);
    expect(answer.draft?.models[0]?.fields.firstName).toBeNull();
  });

  it('forgets the draft at the form’s deadline', async () => {
    const deadline = testApp.app.claimsCase.deadlineSettings.claimFilingDeadline!.deadline;
    clock = new Date(Date.parse(deadline) - 2 * 3_600_000);
    const client = await signedIn(member());
    await putDraft(client, draft('Dolores'));
    const [row] = await testApp.app.db.selectFrom('drafts').select('expires_at').execute();
    expect(Date.parse(row!.expires_at)).toBe(Date.parse(deadline));
    clock = new Date(Date.parse(deadline) + 1000);
    const answer = await standing(client);
    expect(answer.authorized).toBe(true);
    expect(answer.draft).toBeNull();
    expect((await putDraft(client, draft('Dolores'))).statusCode).toBe(400);
  });
});

describe('after filing', () => {
  it('forgets the draft and remembers the reference code for the confirmation page', async () => {
    const client = await signedIn(member());
    await putDraft(client, draft('Elena'));
    const claims = await StandardClaims.load(testApp.app);
    const response = await claims.submitThrough(client);
    expect(response.statusCode).toBe(200);
    const { referenceCodeForm } = response.json<{ referenceCodeForm: string }>();
    const answer = await standing(client);
    expect(answer.referenceCode).toBe(referenceCodeForm);
    expect(answer.draft).toBeNull();
  });
});
