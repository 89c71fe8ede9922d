import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

let testApp: TestApp;
let clock = new Date('2027-01-15T18:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock, sessionIdleMinutes: 30 });
});
afterAll(async () => testApp.close());

describe('GET /api/csrf', () => {
  it('returns the header name and a token, and starts a session', async () => {
    const client = new TestClient(testApp.app);
    const response = await client.get('/api/csrf');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      requestHeaderName: 'X-CSRF-Token',
      requestToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = response.cookies.find((entry) => entry.name === 'claims_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('gives the same token again within one session', async () => {
    const client = new TestClient(testApp.app);
    const first = await client.csrf();
    expect(await client.csrf()).toBe(first);
  });
});

describe('CSRF on unsafe calls', () => {
  it('refuses a POST without the token with 403', async () => {
    const client = new TestClient(testApp.app);
    await client.get('/api/csrf');
    const response = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/missing CSRF token/);
  });

  it('refuses a POST with another session\u2019s token with 403', async () => {
    const alice = new TestClient(testApp.app);
    const mallory = new TestClient(testApp.app);
    await alice.csrf();
    const token = await mallory.csrf();
    const response = await alice.request({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { 'x-csrf-token': token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/invalid CSRF token/);
  });

  it('refuses a POST to a percent-encoded API path without the token with 403, keeping the session', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const encoded = await client.request({
      method: 'POST',
      url: '/%61pi/session-timeout',
      headers: { 'x-csrf-token': '' },
    });
    expect(encoded.statusCode).toBe(403);
    expect(encoded.json().error).toMatch(/missing CSRF token/);
    const plain = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(plain.statusCode).toBe(200);
  });

  it('keeps the claimant\u2019s session on a call to a percent-encoded API path', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const cookie = client.cookie('claims_session');
    const response = await client.get('/%61pi/culture/set-language?culture=es');
    expect(response.statusCode).toBe(200);
    expect(client.cookie('claims_session')).toBe(cookie);
  });

  it('refuses a POST with a token but no session with 403', async () => {
    const client = new TestClient(testApp.app);
    const response = await client.request({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { 'x-csrf-token': 'a'.repeat(43) },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/session-timeout', () => {
  it('ends the session, so its CSRF token stops working', async () => {
    const client = new TestClient(testApp.app);
    const token = await client.csrf();
    const response = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ loggedOut: true });
    const again = await client.request({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { 'x-csrf-token': token },
    });
    expect(again.statusCode).toBe(403);
  });
});

describe('session expiry', () => {
  it('ends a session after 30 idle minutes', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    clock = new Date(clock.getTime() + 31 * 60_000);
    const response = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(response.statusCode).toBe(403);
  });

  it('keeps a session that is used within each 30 minutes', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    for (let step = 0; step < 3; step += 1) {
      clock = new Date(clock.getTime() + 20 * 60_000);
      expect((await client.get('/api/cultures')).statusCode).toBe(200);
    }
    const response = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('requests of one session sent at once', () => {
  it('keep both an authorization and a language switch', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const [vehicle] = await demoRows('vehicles.csv');
    const token = await client.captchaToken();
    const [authorized, switched] = await Promise.all([
      client.authorize('Lookup', { vin: vehicle!.Vin! }, token),
      client.get('/api/culture/set-language?culture=es'),
    ]);
    expect([authorized.statusCode, switched.statusCode]).toEqual([200, 200]);
    const session = await testApp.app.sessions.load(client.cookie('claims_session')!);
    expect(session?.data.culture).toBe('es');
    expect(session?.data.authorizations.Lookup?.identity).toEqual({
      kind: 'vehicle',
      vin: vehicle!.Vin,
    });
  });
});
