import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePayPal } from '../../test-fakes/fake-paypal';
import type { FakePayPal } from '../../test-fakes/fake-paypal';
import { createPayPalClient } from '../paypal/paypal-client';
import {
  DISABLED_PAYPAL_SETTINGS,
  PAYPAL_CALLBACK_PATH,
  PAYPAL_SETTINGS_PATH,
  payPalRoutes,
} from './paypal-routes';
import type { PayPalRoutesOptions, PayPalSettings } from './paypal-routes';
import type {
  PayPalLoginState,
  PayPalSessionAccessor,
  PayPalVerification,
} from '../paypal/paypal-session';

const RETURN_URL = 'http://claims.test/api/banking/paypal/callback';
/** The payment election, marked as the login window's return (it tells the claim's window). */
const RETURN_TARGET = '/standard/payment-election?payPalLogin=done';

/** Sessions keyed by an x-session header, standing in for the cookie session. */
function memorySessions() {
  const states = new Map<string, PayPalLoginState | null>();
  const verifications = new Map<string, PayPalVerification | null>();
  const key = (request: FastifyRequest) => String(request.headers['x-session'] ?? 'anonymous');
  const accessor: PayPalSessionAccessor = {
    getLoginState: async (request) => states.get(key(request)) ?? null,
    setLoginState: async (request, state) => void states.set(key(request), state),
    getVerification: async (request) => verifications.get(key(request)) ?? null,
    setVerification: async (request, verification) =>
      void verifications.set(key(request), verification),
  };
  return { accessor, states, verifications };
}

let paypal: FakePayPal;
let app: FastifyInstance;
let sessions: ReturnType<typeof memorySessions>;
let clock: Date;

async function buildApp(overrides: Partial<PayPalRoutesOptions> = {}): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false });
  instance.register(payPalRoutes, {
    enabled: true,
    client: createPayPalClient({
      baseUrl: paypal.url,
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      returnUrl: RETURN_URL,
      timeoutMs: 500,
    }),
    session: sessions.accessor,
    now: () => clock,
    ...overrides,
  });
  try {
    await instance.ready();
  } catch (error) {
    await instance.close().catch(() => undefined);
    throw error;
  }
  return instance;
}

async function settings(session = 'claimant-1'): Promise<PayPalSettings> {
  const response = await app.inject({
    method: 'GET',
    url: PAYPAL_SETTINGS_PATH,
    headers: { 'x-session': session },
  });
  return response.json<PayPalSettings>();
}

/** Follows the login link through the fake PayPal page; answers the callback's query. */
async function logInAtPayPal(loginUrl: string): Promise<string> {
  const response = await fetch(loginUrl, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin + location.pathname).toBe(RETURN_URL);
  return location.search;
}

function callback(query: string, session = 'claimant-1') {
  return app.inject({
    method: 'GET',
    url: `${PAYPAL_CALLBACK_PATH}${query}`,
    headers: { 'x-session': session },
  });
}

beforeAll(async () => {
  paypal = await startFakePayPal();
});
afterAll(async () => {
  await paypal.close();
});
beforeEach(async () => {
  clock = new Date('2030-05-01T12:00:00Z');
  sessions = memorySessions();
  paypal.setLogin('approve');
  app = await buildApp();
});
afterEach(async () => {
  await app.close();
});

describe('GET /api/banking/paypal-settings', () => {
  it('gives the client id and a login link for this session', async () => {
    const answer = await settings();
    expect(answer).toEqual({
      clientId: paypal.clientId,
      enabled: true,
      loginUrl: expect.stringContaining(`${paypal.url}/signin/authorize?`),
      invalidPayPalVerification: false,
      authCodeExpiration: '2030-05-01T12:10:00.000Z',
    });
    const state = new URL(answer.loginUrl!).searchParams.get('state');
    expect(state).toBe(sessions.states.get('claimant-1')?.value);
  });

  it('forbids caching the settings', async () => {
    const response = await app.inject({ method: 'GET', url: PAYPAL_SETTINGS_PATH });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the same login link while it is fresh', async () => {
    const first = await settings();
    clock = new Date(clock.getTime() + 60_000);
    expect((await settings()).loginUrl).toBe(first.loginUrl);
  });

  it('renews the login link once half its life is gone', async () => {
    const first = await settings();
    clock = new Date(clock.getTime() + 301_000);
    const second = await settings();
    expect(second.loginUrl).not.toBe(first.loginUrl);
    expect(second.authCodeExpiration).toBe('2030-05-01T12:15:01.000Z');
  });

  it('gives each session its own login link', async () => {
    expect((await settings('claimant-1')).loginUrl).not.toBe(
      (await settings('claimant-2')).loginUrl,
    );
  });

  it('answers disabled settings when the case does not offer PayPal', async () => {
    await app.close();
    app = await buildApp({ enabled: false, client: undefined });
    expect(await settings()).toEqual(DISABLED_PAYPAL_SETTINGS);
  });
});

describe('GET /api/banking/paypal/callback', () => {
  it('records the verified account and sends the login window back to the payment election page, marked', async () => {
    const query = await logInAtPayPal((await settings()).loginUrl!);
    const response = await callback(query);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(RETURN_TARGET);
    expect(sessions.verifications.get('claimant-1')).toEqual({
      status: 'verified',
      verifiedAt: clock.toISOString(),
      email: 'pat.claimant@example.com',
      emails: ['pat.claimant@example.com', 'pat.work@example.com'],
      payerId: 'WDJJHEBZ4X2LY',
    });
  });

  it('ignores a state from another session without asking PayPal', async () => {
    const query = await logInAtPayPal((await settings('claimant-1')).loginUrl!);
    await settings('claimant-2');
    const stateOfClaimant2 = sessions.states.get('claimant-2');
    const requestsBefore = paypal.requests.length;
    const response = await callback(query, 'claimant-2');
    expect(response.headers.location).toBe(RETURN_TARGET);
    expect(sessions.verifications.get('claimant-2')).toBeUndefined();
    expect(sessions.states.get('claimant-2')).toEqual(stateOfClaimant2);
    expect(paypal.requests.length).toBe(requestsBefore);
  });

  it('ignores a callback without a state', async () => {
    await settings();
    await callback('?code=abc');
    expect(sessions.verifications.get('claimant-1')).toBeUndefined();
  });

  it('does not let a replayed answer undo a verified login', async () => {
    const query = await logInAtPayPal((await settings()).loginUrl!);
    await callback(query);
    const requestsBefore = paypal.requests.length;
    await callback(query);
    expect(sessions.verifications.get('claimant-1')).toMatchObject({ status: 'verified' });
    expect(paypal.requests.length).toBe(requestsBefore);
  });

  it('refuses a login that returns after the link expired', async () => {
    const query = await logInAtPayPal((await settings()).loginUrl!);
    clock = new Date(clock.getTime() + 601_000);
    await callback(query);
    expect(sessions.verifications.get('claimant-1')).toMatchObject({
      status: 'failed',
      reason: 'PayPal login took too long; the link has expired',
    });
  });

  it('records a login the claimant cancelled at PayPal', async () => {
    paypal.setLogin('cancel');
    await callback(await logInAtPayPal((await settings()).loginUrl!));
    expect(sessions.verifications.get('claimant-1')).toMatchObject({
      status: 'failed',
      reason: 'PayPal login was not completed (access_denied)',
    });
  });

  it('records a failed code exchange and reports it in the settings', async () => {
    const state = new URL((await settings()).loginUrl!).searchParams.get('state')!;
    const response = await callback(`?code=not-a-real-code&state=${encodeURIComponent(state)}`);
    expect(response.headers.location).toBe(RETURN_TARGET);
    expect(sessions.verifications.get('claimant-1')).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('invalid_grant'),
    });
    expect((await settings()).invalidPayPalVerification).toBe(true);
  });

  it('records PayPal as unreachable', async () => {
    const gone = await startFakePayPal();
    await gone.close();
    await app.close();
    app = await buildApp({
      client: createPayPalClient({
        baseUrl: gone.url,
        clientId: 'id',
        clientSecret: 'secret',
        returnUrl: RETURN_URL,
      }),
    });
    const state = new URL((await settings()).loginUrl!).searchParams.get('state')!;
    const response = await callback(`?code=abc&state=${encodeURIComponent(state)}`);
    expect(response.statusCode).toBe(303);
    expect(sessions.verifications.get('claimant-1')).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('PayPal is unreachable'),
    });
  });

  it('is not found when the case does not offer PayPal', async () => {
    await app.close();
    app = await buildApp({ enabled: false, client: undefined });
    const response = await callback('?code=abc&state=def');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'PayPal payment election is not enabled for this case',
    });
  });
});

describe('payPalRoutes options', () => {
  it('refuses to start enabled without a client', async () => {
    await expect(buildApp({ client: undefined })).rejects.toThrow(
      'PayPal is enabled but no PayPal client was given',
    );
  });

  it('refuses a return path that leaves the site', async () => {
    await expect(buildApp({ returnPath: '//evil.example.com/' })).rejects.toThrow(
      'PayPal returnPath "//evil.example.com/" must be a path on this site',
    );
  });
});
