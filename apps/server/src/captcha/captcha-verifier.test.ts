import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCaptchaServer } from '../../test-fakes/fake-captcha-server';
import type { FakeCaptchaServer } from '../../test-fakes/fake-captcha-server';
import {
  FAKE_HCAPTCHA_SITE_KEY,
  FAKE_RECAPTCHA_SITE_KEY,
  FAKE_SECRETS,
} from '../../test-fakes/fake-siteverify';
import { createMemoryUsedTokenStore } from '../../test-fakes/memory-used-token-store';
import { createCaptchaVerifier, hashToken, MAX_CAPTCHA_TOKEN_LENGTH } from './captcha-verifier';
import type { CaptchaOptions, CaptchaProvider } from './captcha-verifier';

let fake: FakeCaptchaServer;
let tokenNumber = 0;

beforeAll(async () => {
  fake = await startFakeCaptchaServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setOutcome('scripted');
  fake.setHostname('localhost');
});

function passingToken(): string {
  tokenNumber += 1;
  return `pass-${tokenNumber}-${Math.random().toString(36).slice(2)}`;
}

/** A port nothing listens on: bound once, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/siteverify`;
}

const hosted: Array<{
  provider: Extract<CaptchaProvider, 'HCaptcha' | 'GoogleReCaptcha'>;
  options: () => CaptchaOptions;
  duplicateCode: string;
}> = [
  {
    provider: 'HCaptcha',
    options: () => ({
      provider: 'HCaptcha',
      siteKey: FAKE_HCAPTCHA_SITE_KEY,
      secret: FAKE_SECRETS.hcaptcha,
      verifyUrl: fake.hCaptchaSiteverifyUrl,
    }),
    duplicateCode: 'invalid-or-already-seen-response',
  },
  {
    provider: 'GoogleReCaptcha',
    options: () => ({
      provider: 'GoogleReCaptcha',
      siteKey: FAKE_RECAPTCHA_SITE_KEY,
      secret: FAKE_SECRETS.recaptcha,
      verifyUrl: fake.reCaptchaSiteverifyUrl,
    }),
    duplicateCode: 'timeout-or-duplicate',
  },
];

describe.each(hosted)('$provider', ({ provider, options }) => {
  it('accepts a token the provider confirms', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    expect(await verifier.verify(passingToken())).toEqual({ ok: true });
  });

  it('posts the secret, the token and the remote address as a form', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const token = passingToken();
    await verifier.verify(token, '203.0.113.9');
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({
      secret: options().secret,
      response: token,
      remoteip: '203.0.113.9',
      sitekey: provider === 'HCaptcha' ? FAKE_HCAPTCHA_SITE_KEY : null,
    });
  });

  it('refuses a token the provider rejects, naming its error code', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const result = await verifier.verify('fail-1');
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('invalid-input-response'),
    });
  });

  it('refuses a token that was already used, without asking the provider again', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const token = passingToken();
    expect(await verifier.verify(token)).toEqual({ ok: true });
    const callsBefore = fake.calls.length;
    expect(await verifier.verify(token)).toEqual({
      ok: false,
      reason: 'captcha token was already used',
    });
    expect(fake.calls.length).toBe(callsBefore);
  });

  it('lets only one of two concurrent requests with one token through', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const token = passingToken();
    const results = await Promise.all([verifier.verify(token), verifier.verify(token)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('stores only the SHA-256 of the token', async () => {
    const store = createMemoryUsedTokenStore();
    const verifier = createCaptchaVerifier(options(), store);
    const token = passingToken();
    await verifier.verify(token);
    expect(store.hashes()).toEqual([hashToken(token)]);
    expect(store.hashes()[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a token solved on the expected hostname', async () => {
    fake.setHostname('claims.example.org');
    const verifier = createCaptchaVerifier(
      { ...options(), expectedHostname: 'claims.example.org' },
      createMemoryUsedTokenStore(),
    );
    expect(await verifier.verify(passingToken())).toEqual({ ok: true });
  });

  it('refuses a token solved on another hostname', async () => {
    fake.setHostname('evil.example.com');
    const verifier = createCaptchaVerifier(
      { ...options(), expectedHostname: 'claims.example.org' },
      createMemoryUsedTokenStore(),
    );
    const result = await verifier.verify(passingToken());
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('"evil.example.com"; expected "claims.example.org"'),
    });
  });

  it('fails closed when the provider is unreachable', async () => {
    const verifier = createCaptchaVerifier(
      { ...options(), verifyUrl: await closedPortUrl() },
      createMemoryUsedTokenStore(),
    );
    const result = await verifier.verify(passingToken());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('unreachable') });
  });

  it('fails closed when the provider does not answer in time', async () => {
    fake.setOutcome('hang');
    const verifier = createCaptchaVerifier(
      { ...options(), timeoutMs: 150 },
      createMemoryUsedTokenStore(),
    );
    const result = await verifier.verify(passingToken());
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining('did not answer within 150 ms'),
    });
  });

  it('fails closed when the provider answers with a server error', async () => {
    fake.setOutcome('server-error');
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const result = await verifier.verify(passingToken());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('HTTP 500') });
  });

  it('fails closed when the provider answers with something other than JSON', async () => {
    fake.setOutcome('not-json');
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const result = await verifier.verify(passingToken());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('other than JSON') });
  });

  it('refuses an empty token without asking the provider', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const callsBefore = fake.calls.length;
    expect(await verifier.verify('  ')).toEqual({ ok: false, reason: 'captcha token is missing' });
    expect(fake.calls.length).toBe(callsBefore);
  });

  it('refuses a token longer than any real one', async () => {
    const verifier = createCaptchaVerifier(options(), createMemoryUsedTokenStore());
    const result = await verifier.verify(`pass-${'a'.repeat(MAX_CAPTCHA_TOKEN_LENGTH)}`);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('at most 16384') });
  });

  it('refuses every token when the secret is wrong', async () => {
    const verifier = createCaptchaVerifier(
      { ...options(), secret: 'not-the-secret' },
      createMemoryUsedTokenStore(),
    );
    const result = await verifier.verify(passingToken());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('invalid-input-secret') });
  });
});

describe('hosted providers', () => {
  it('still refuse a replay that reaches a server with another token store', async () => {
    const token = passingToken();
    const first = createCaptchaVerifier(hosted[0]!.options(), createMemoryUsedTokenStore());
    const second = createCaptchaVerifier(hosted[0]!.options(), createMemoryUsedTokenStore());
    expect(await first.verify(token)).toEqual({ ok: true });
    const result = await second.verify(token);
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining(hosted[0]!.duplicateCode),
    });
  });
});

describe('createCaptchaVerifier', () => {
  it('rejects an unknown provider, listing the known ones', () => {
    expect(() =>
      createCaptchaVerifier(
        { provider: 'Turnstile' as CaptchaProvider, siteKey: 'k', secret: 's' },
        createMemoryUsedTokenStore(),
      ),
    ).toThrow(
      'unexpected captcha provider "Turnstile"; expected one of HCaptcha, GoogleReCaptcha, Altcha',
    );
  });

  it('rejects a hosted provider without its secret', () => {
    expect(() =>
      createCaptchaVerifier(
        { provider: 'HCaptcha', siteKey: 'k', secret: '' },
        createMemoryUsedTokenStore(),
      ),
    ).toThrow('captcha provider "HCaptcha" needs its secret');
  });

  it('rejects the Altcha provider without its options', () => {
    expect(() =>
      createCaptchaVerifier(
        { provider: 'Altcha', siteKey: '', secret: '' },
        createMemoryUsedTokenStore(),
      ),
    ).toThrow('captcha provider "Altcha" needs altcha options');
  });

  it('rejects a timeout that is not a positive whole number of milliseconds', () => {
    expect(() =>
      createCaptchaVerifier(
        { ...hosted[0]!.options(), timeoutMs: 0 },
        createMemoryUsedTokenStore(),
      ),
    ).toThrow('captcha timeoutMs 0 is not valid');
  });

  it('uses the real siteverify endpoint when no URL is configured', async () => {
    const urls: string[] = [];
    const recordingFetch: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    };
    const verifier = createCaptchaVerifier(
      { provider: 'GoogleReCaptcha', siteKey: 'k', secret: 's', fetch: recordingFetch },
      createMemoryUsedTokenStore(),
    );
    await verifier.verify('any-token');
    expect(urls).toEqual(['https://www.google.com/recaptcha/api/siteverify']);
  });
});
