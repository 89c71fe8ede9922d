import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { authorizePath } from '@claims/core/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

/** Two requests of each kind per address and minute; status lookups unlimited. */
const LIMITS = {
  RATE_LIMIT_AUTHORIZE: '2',
  RATE_LIMIT_CAPTCHA: '2',
  RATE_LIMIT_SESSION: '2',
  RATE_LIMIT_STATUS: '0',
};

let addressCounter = 0;
/** A browser at an address no other test uses. */
function browser(app: TestApp): TestClient {
  addressCounter += 1;
  return new TestClient(
    app.app,
    `10.14.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
  );
}

/** An authorize call with no captcha token: refused with 400, but counted all the same. */
function authorize(client: TestClient) {
  return client.postJson(authorizePath('Standard'), {
    credentials: { noticeId: 'X', pin: 'Y' },
    reCaptchaResponse: '',
  });
}

describe('rate limits in memory', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ env: LIMITS });
  });
  afterAll(async () => testApp.close());

  it('refuses the third authorize of a minute from one address with 429, Retry-After and an authorize answer', async () => {
    const client = browser(testApp);
    await client.csrf();
    expect((await authorize(client)).statusCode).toBe(400);
    expect((await authorize(client)).statusCode).toBe(400);
    const refused = await authorize(client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      authorized: false,
      error: expect.stringMatching(
        /^Too many requests came from your connection .* wait \d+ seconds/,
      ),
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('counts authorize calls of every form together', async () => {
    const client = browser(testApp);
    await client.csrf();
    const post = (formType: 'Standard' | 'Automotive' | 'Lookup') =>
      client.postJson(authorizePath(formType), { credentials: {}, reCaptchaResponse: '' });
    expect((await post('Standard')).statusCode).not.toBe(429);
    expect((await post('Automotive')).statusCode).not.toBe(429);
    expect((await post('Lookup')).statusCode).toBe(429);
  });

  it('limits session creation and captcha challenges each with its own count and the error body', async () => {
    const client = browser(testApp);
    for (let call = 0; call < 2; call += 1) {
      expect((await client.get('/api/csrf')).statusCode).toBe(200);
      expect((await client.get('/api/captcha/challenge')).statusCode).toBe(200);
    }
    const csrf = await client.get('/api/csrf');
    expect(csrf.statusCode).toBe(429);
    expect(csrf.json()).toEqual({ error: expect.stringContaining('Too many requests') });
    expect((await client.get('/api/captcha/challenge')).statusCode).toBe(429);
  });

  it('counts each address on its own', async () => {
    const first = browser(testApp);
    const second = browser(testApp);
    await first.get('/api/csrf');
    await first.get('/api/csrf');
    expect((await first.get('/api/csrf')).statusCode).toBe(429);
    expect((await second.get('/api/csrf')).statusCode).toBe(200);
  });

  it('refuses to start when REDIS_URL cannot be reached', async () => {
    await expect(startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      /REDIS_URL cannot be reached/,
    );
  });

  it('leaves the other routes unlimited', async () => {
    const client = browser(testApp);
    for (let call = 0; call < 5; call += 1) {
      expect((await client.get('/api/deadlines')).statusCode).toBe(200);
    }
  });
});

describe('rate limits shared through Redis', () => {
  if (TEST_REDIS_URL === undefined) {
    it.skip('needs TEST_REDIS_URL (such as redis://127.0.0.1:6379) to run against Redis', () => {});
    return;
  }
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    // A prefix of this run's own, so runs sharing the Redis never meet.
    const env = {
      ...LIMITS,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    };
    first = await startTestApp({ env });
    second = await startTestApp({ env, shareStoreWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts the requests one address sends to two instances together', async () => {
    const onFirst = browser(first);
    const onSecond = onFirst.withApp(second.app);
    expect((await onFirst.get('/api/csrf')).statusCode).toBe(200);
    expect((await onSecond.get('/api/csrf')).statusCode).toBe(200);
    const refused = await onFirst.get('/api/csrf');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await onSecond.get('/api/csrf')).statusCode).toBe(429);
  });

  it('lets requests pass when Redis stops answering', async () => {
    // A Redis of this test's own, stopped once the app has connected to it.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const redis = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', ''],
      {
        stdio: 'ignore',
      },
    );
    const stopped = new Promise((resolve) => redis.once('exit', resolve));
    let alone: TestApp | undefined;
    try {
      await sleep(300);
      alone = await startTestApp({ env: { ...LIMITS, REDIS_URL: `redis://127.0.0.1:${port}` } });
      redis.kill('SIGKILL');
      await stopped;
      const client = browser(alone);
      for (let call = 0; call < 4; call += 1) {
        expect((await client.get('/api/csrf')).statusCode).toBe(200);
      }
    } finally {
      redis.kill('SIGKILL');
      await alone?.close();
    }
  });
});
