import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

/** JSON bodies and API query strings holding text the stores cannot take (NUL, lone surrogates). */

let testApp: TestApp;
let client: TestClient;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date('2027-03-05T20:00:00Z') });
  client = new TestClient(testApp.app);
  await client.csrf();
});
afterAll(async () => testApp.close());

describe('a JSON body', () => {
  it('holding a NUL in the Notice ID of an authorize is refused with 400 naming the field', async () => {
    const response = await client.authorize('Standard', { noticeId: 'NW9\u00005223947', pin: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      authorized: false,
      error: 'credentials.noticeId contains a NUL character (U+0000), which text may not contain',
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('holding a NUL in the reference code of a Documents Upload authorize is refused with 400', async () => {
    const response = await client.authorize('DocumentsUpload', {
      referenceCode: 'ABC-\u0000',
      lastName: 'Williams',
      mailingPostalCode: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'credentials.referenceCode contains a NUL character (U+0000), which text may not contain',
    );
  });

  it('holding an unpaired surrogate is refused with 400 naming the field and the code unit', async () => {
    const response = await client.authorize('Lookup', { vin: '1HGCM\ud83d82633A004352' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'credentials.vin contains an unpaired surrogate (U+D83D), which is not valid Unicode text',
    );
  });

  it('holding a NUL in a key is refused with 400', async () => {
    const response = await client.postJson('/api/forms/standard/authorize', {
      credentials: { 'noticeId\u0000': 'NW95223947' },
      reCaptchaResponse: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'a key of credentials contains a NUL character (U+0000), which text may not contain',
    );
  });

  it('holding a NUL in the captcha token is refused with 400 before the captcha is asked', async () => {
    const response = await client.authorize(
      'Standard',
      { noticeId: 'NW95223947', pin: '1' },
      'a\u0000',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'reCaptchaResponse contains a NUL character (U+0000), which text may not contain',
    );
  });
});

describe('a Notice ID far longer than any on a class list', () => {
  it('is refused with 400 by its rules, its guess counted against the address only', async () => {
    // Random text does not compress, so as a key of the lockout counters it would overflow
    // PostgreSQL's index.
    const noticeId = randomBytes(6_000).toString('base64');
    const response = await client.authorize('Standard', { noticeId, pin: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^credentials\.noticeId: .*\(rule maxLength\)/);
  });
});

describe('an API query string', () => {
  it('holding a NUL is refused with 400 naming the parameter', async () => {
    const response = await client.get('/api/signature-date?culture=en%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'query.culture contains a NUL character (U+0000), which text may not contain',
    });
  });

  it('holding a NUL in a parameter the route does not read is refused with 400 too', async () => {
    const response = await client.get('/api/cultures?x=%00');
    expect(response.statusCode).toBe(400);
  });
});
