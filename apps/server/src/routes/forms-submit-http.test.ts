import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { isValidReferenceCode } from '@claims/core/ids/reference-code';
import type { Challenge } from 'altcha-lib';
import { solveAltcha } from '../../test-fakes/altcha-solver';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type DocumentSpec,
} from '../test/claims';
import { demoRows, startTestApp, type TestApp } from '../test/test-app';

/**
 * Submissions over a real socket with Node's own multipart client (FormData and fetch), at
 * the server's default limits.
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

/** A browser: a cookie, a CSRF token, fetch. */
class HttpBrowser {
  private cookie = '';
  private token = '';

  async call(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie !== '') headers.set('cookie', this.cookie);
    if (init.method === 'POST') headers.set('x-csrf-token', this.token);
    const response = await fetch(origin + pathname, { ...init, headers });
    const setCookie = response.headers.getSetCookie()[0];
    if (setCookie !== undefined) this.cookie = setCookie.split(';')[0] as string;
    return response;
  }

  async start(): Promise<void> {
    this.token = (
      (await (await this.call('/api/csrf')).json()) as { requestToken: string }
    ).requestToken;
  }

  async captcha(): Promise<string> {
    return solveAltcha((await (await this.call('/api/captcha/challenge')).json()) as Challenge);
  }

  async authorizeStandard(member: Record<string, string>): Promise<void> {
    const response = await this.call('/api/forms/standard/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        credentials: { noticeId: member.NoticeId, pin: member.Pin },
        reCaptchaResponse: await this.captcha(),
      }),
    });
    expect(response.status).toBe(200);
  }

  async submitStandard(documents: (DocumentSpec & { bytes: Uint8Array })[]): Promise<Response> {
    const configs = (await (await this.call('/api/forms/config')).json()) as RemoteModelConfig[];
    const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
      reCaptchaResponse: await this.captcha(),
      claimantInfo: validClaimantInfo(),
      claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
      signature: validSignature(),
      claimTransactions: [validClaimTransaction()],
      documents,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(textParts)) form.append(name, value);
    documents.forEach((document, index) => {
      form.append(
        'documents',
        new Blob([document.bytes], { type: document.type }),
        contextClientIds[index],
      );
    });
    return this.call('/api/forms/standard', { method: 'POST', body: form });
  }
}

async function documentFiles() {
  const list = async (name: string) =>
    readdir(path.join(testApp.dataDir, 'documents', name)).catch(() => [] as string[]);
  return { stored: await list('stored'), pending: await list('pending') };
}

describe('submissions over HTTP', () => {
  it('files a claim sent as multipart by fetch and returns its reference code', async () => {
    const browser = new HttpBrowser();
    await browser.start();
    await browser.authorizeStandard(members[0]!);
    const response = await browser.submitStandard([
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
    const browser = new HttpBrowser();
    await browser.start();
    await browser.authorizeStandard(members[1]!);
    const before = await documentFiles();
    const claims = await testApp.app.db.selectFrom('claims').select('id').execute();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(SAMPLE_PDF.subarray(0, 8));
    const response = await browser.submitStandard([
      { name: 'scan.pdf', bytes: big, type: 'application/pdf' },
    ]);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: expect.stringContaining('is larger than the 10485760 bytes allowed per document'),
      nonMatchingPaymentElection: false,
    });
    expect(await documentFiles()).toEqual(before);
    expect(await testApp.app.db.selectFrom('claims').select('id').execute()).toEqual(claims);
  });
});
