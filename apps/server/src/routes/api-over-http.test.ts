import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidReferenceCode } from '@claims/core/ids/reference-code';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { HttpBrowser } from '../test/http-browser';
import { demoRows, startTestApp, type TestApp } from '../test/test-app';

/**
 * Calls over a real socket with Node's own fetch and multipart client (FormData), at the
 * server's default limits.
 */
let testApp: TestApp;
let origin: string;
let members: Record<string, string>[];
let vehicles: Record<string, string>[];

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date('2027-03-05T20:00:00Z') });
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
});
afterAll(async () => testApp.close());

/** A browser with a session, authorized for the Standard form as the member. */
async function authorizedBrowser(member: Record<string, string>): Promise<HttpBrowser> {
  const browser = new HttpBrowser(origin);
  await browser.start();
  const response = await browser.authorize('Standard', {
    noticeId: member.NoticeId!,
    pin: member.Pin!,
  });
  expect(response.status).toBe(200);
  return browser;
}

async function documentFiles() {
  const list = async (name: string) =>
    readdir(path.join(testApp.dataDir, 'documents', name)).catch(() => [] as string[]);
  return { stored: await list('stored'), pending: await list('pending') };
}

describe('submissions over HTTP', () => {
  it('files a claim sent as multipart by fetch and returns its reference code', async () => {
    const browser = await authorizedBrowser(members[0]!);
    const response = await browser.submitStandard(vehicles[0]!.Vin!, [
      { name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' },
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { referenceCodeForm: string };
    expect(isValidReferenceCode(body.referenceCodeForm)).toBe(true);
    const files = await documentFiles();
    expect(files.pending).toEqual([]);
    expect(files.stored).toHaveLength(1);
  });

  it('answers 413 to a document over 10 MB, storing no claim and leaving no partial file', async () => {
    const browser = await authorizedBrowser(members[1]!);
    const before = await documentFiles();
    const claims = await testApp.app.db.selectFrom('claims').select('id').execute();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(SAMPLE_PDF.subarray(0, 8));
    const response = await browser.submitStandard(vehicles[0]!.Vin!, [
      { name: 'scan.pdf', bytes: big, type: 'application/pdf' },
    ]);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'file "scan.pdf" is larger than the 10485760 bytes allowed per document',
      nonMatchingPaymentElection: false,
      document: { name: 'scan.pdf', reason: 'tooLarge' },
    });
    expect(await documentFiles()).toEqual(before);
    expect(await testApp.app.db.selectFrom('claims').select('id').execute()).toEqual(claims);
  });
});

describe('authorize over HTTP', () => {
  it('authorizes a Notice ID and PIN, keeping the session in an HttpOnly SameSite cookie', async () => {
    const browser = new HttpBrowser(origin);
    await browser.start();
    const session = browser.setCookies.find((line) => line.startsWith('claims_session='));
    expect(session).toMatch(/^claims_session=[A-Za-z0-9_-]{43}; /);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    const member = members[2]!;
    const response = await browser.authorize('Standard', {
      noticeId: member.NoticeId!,
      pin: member.Pin!,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      authorized: true,
      error: null,
      prepopulatedData: { NoticeId: member.NoticeId, LastName: member.LastName },
    });
  });

  it('refuses a wrong PIN with 401 and an authorize answer', async () => {
    const browser = new HttpBrowser(origin);
    await browser.start();
    const member = members[3]!;
    const response = await browser.authorize('Standard', {
      noticeId: member.NoticeId!,
      pin: member.Pin === '111111' ? '222222' : '111111',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      authorized: false,
      error: expect.any(String),
      captcha: null,
      prepopulatedData: null,
    });
  });
});

describe('CSRF over HTTP', () => {
  it('refuses an unsafe call without the token with 403', async () => {
    const browser = new HttpBrowser(origin);
    await browser.start();
    const response = await browser.call('/api/session-timeout', {
      method: 'POST',
      headers: { 'x-csrf-token': '' },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/missing CSRF token/);
  });

  it('refuses an unsafe call to a percent-encoded API path without the token with 403', async () => {
    const browser = new HttpBrowser(origin);
    await browser.start();
    const response = await browser.call('/%61pi/session-timeout', {
      method: 'POST',
      headers: { 'x-csrf-token': '' },
    });
    expect(response.status).toBe(403);
    const after = await browser.call('/api/session-timeout', { method: 'POST' });
    expect(after.status).toBe(200);
  });

  it('answers an API path with a malformed percent-escape with a JSON 400', async () => {
    const response = await fetch(`${origin}/api/%zz`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(/malformed percent-escape/),
    });
  });
});
