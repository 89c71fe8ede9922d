import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
} from './test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from './test/test-app';

const lines: string[] = [];
let testApp: TestApp;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  testApp = await startTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    now: () => new Date('2027-03-05T20:00:00Z'),
  });
});
afterAll(async () => testApp.close());

describe('request logs', () => {
  it('hold method, route, status and timing, but no PIN, token, cookie or claimant data', async () => {
    const member = (await demoRows('class-list.csv'))[0]!;
    const client = new TestClient(testApp.app);
    const csrf = await client.csrf();
    const captcha = await client.captchaToken();
    const wrong = await client.authorize(
      'Standard',
      { noticeId: member.NoticeId!, pin: '000000' },
      captcha,
    );
    expect(wrong.statusCode).toBe(401);
    const answer = await client.authorizeOk('Standard', {
      noticeId: member.NoticeId!,
      pin: member.Pin!,
    });
    const cookie = client.cookie('claims_session')!;
    const info = {
      ...validClaimantInfo(),
      firstName: 'Zebulon',
      emailAddress: 'zebulon@example.org',
    };
    const { textParts, contextClientIds } = claimTextParts(
      await client.modelConfigs(),
      'Standard',
      {
        reCaptchaResponse: await client.captchaToken(),
        claimantInfo: info,
        claimDetails: validStandardClaimDetails(member.Vin!),
        signature: validSignature(),
        claimTransactions: [validClaimTransaction()],
        documents: [{ name: 'zebulon-invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
      },
    );
    const submitted = await client.submit('Standard', textParts, [
      { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
    ]);
    expect(submitted.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/forms/standard/authorize"');
    expect(log).toContain('"statusCode":401');
    expect(log).toContain('"responseTime"');
    for (const secret of [
      member.Pin!,
      member.FirstName!,
      member.EmailAddress!,
      'Zebulon',
      'zebulon',
      csrf,
      captcha.slice(0, 40),
      answer.captcha!,
      cookie,
      submitted.json().referenceCodeForm,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
