import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

let testApp: TestApp;
const START = new Date('2027-01-15T18:00:00Z');
let clock = START;
let members: Record<string, string>[];
let nextMember = 0;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock, sessionIdleMinutes: 30 });
  members = await demoRows('class-list.csv');
});
afterAll(async () => testApp.close());
beforeEach(() => {
  clock = START;
});

const COOKIE = 'claims_session';
const minutesLater = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);

function member() {
  const row = members[nextMember];
  nextMember += 1;
  if (row === undefined) throw new Error('the demo class list ran out of members');
  return { noticeId: row.NoticeId!, pin: row.Pin! };
}

async function sessionRows(): Promise<number> {
  const rows = await testApp.app.db.selectFrom('sessions').select('id').execute();
  return rows.length;
}

describe('a new cookie at each authorization', () => {
  it('gives the session a new cookie when it authorizes, keeping what it held and its CSRF token', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    expect((await client.get('/api/culture/set-language?culture=es')).statusCode).toBe(200);
    const before = client.cookie(COOKIE);
    await client.authorizeOk('Standard', member());
    const after = client.cookie(COOKIE);
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    const session = await testApp.app.sessions.load(after!);
    expect(session?.data.culture).toBe('es');
    expect(session?.data.authorizations.Standard?.identity.kind).toBe('classMember');
    // The token the browser read at start-up keeps working with the new cookie.
    const [vehicle] = await demoRows('vehicles.csv');
    expect((await client.authorize('Lookup', { vin: vehicle!.Vin! })).statusCode).toBe(200);
  });

  it('leaves the cookie from before the authorization neither authorized nor able to act', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const beforeAuthorizing = client.withApp(testApp.app);
    await client.authorizeOk('Standard', member());
    expect(await testApp.app.sessions.load(beforeAuthorizing.cookie(COOKIE)!)).toBeNull();
    const stale = await beforeAuthorizing.request({ method: 'POST', url: '/api/session-timeout' });
    expect(stale.statusCode).toBe(403);
    const current = await testApp.app.sessions.load(client.cookie(COOKIE)!);
    expect(current?.data.authorizations.Standard).toBeDefined();
  });

  it('gives the session another new cookie when it authorizes again, and the one before stops', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    await client.authorizeOk('Standard', member());
    const first = client.withApp(testApp.app);
    await client.authorizeOk('Standard', member());
    expect(client.cookie(COOKIE)).not.toBe(first.cookie(COOKIE));
    expect(await testApp.app.sessions.load(first.cookie(COOKIE)!)).toBeNull();
    expect(await testApp.app.sessions.load(client.cookie(COOKIE)!)).not.toBeNull();
  });
});

describe('the absolute lifetime', () => {
  it('ends an authorized session 8 hours after it began, however active the claimant is', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    await client.authorizeOk('Standard', member());
    for (let step = 0; step < 23; step += 1) {
      clock = minutesLater(20);
      expect((await client.get('/api/csrf')).statusCode).toBe(200);
    }
    // 7 h 40 min in: still the claimant's session.
    const alive = await testApp.app.sessions.load(client.cookie(COOKIE)!);
    expect(alive?.data.authorizations.Standard).toBeDefined();
    clock = minutesLater(21);
    expect(await testApp.app.sessions.load(client.cookie(COOKIE)!)).toBeNull();
    const refused = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(refused.statusCode).toBe(403);
  });

  it('ends a session that stored nothing 8 hours after its CSRF token was read', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    for (let step = 0; step < 24; step += 1) {
      clock = minutesLater(20);
      expect((await client.get('/api/cultures')).statusCode).toBe(200);
    }
    clock = minutesLater(1);
    const refused = await client.request({ method: 'POST', url: '/api/session-timeout' });
    expect(refused.statusCode).toBe(403);
  });

  it('reads SESSION_ABSOLUTE_HOURS, 8 when unset', () => {
    const base = { DATA_DIR: testApp.dataDir, CASE_DIR: testApp.caseDir };
    expect(readConfig(base).sessionAbsoluteHours).toBe(8);
    expect(readConfig({ ...base, SESSION_ABSOLUTE_HOURS: '2.5' }).sessionAbsoluteHours).toBe(2.5);
    expect(() => readConfig({ ...base, SESSION_ABSOLUTE_HOURS: '0' })).toThrow(
      /SESSION_ABSOLUTE_HOURS must be a number of hours above 0/,
    );
  });
});

describe('sessions stored only once they hold something', () => {
  it('stores no session for any number of bare CSRF token reads', async () => {
    const before = await sessionRows();
    for (let read = 0; read < 200; read += 1) {
      const response = await new TestClient(testApp.app, `10.9.${read % 250}.1`).get('/api/csrf');
      expect(response.statusCode).toBe(200);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('stores no session while the claimant only reads, then one when the culture is set', async () => {
    const before = await sessionRows();
    const client = new TestClient(testApp.app);
    await client.csrf();
    clock = minutesLater(5);
    await client.get('/api/cultures');
    await client.csrf();
    expect(await sessionRows()).toBe(before);
    await client.get('/api/culture/set-language?culture=es');
    expect(await sessionRows()).toBe(before + 1);
    expect((await testApp.app.sessions.load(client.cookie(COOKIE)!))?.data.culture).toBe('es');
  });

  it('refuses a session cookie that was altered, even with the token of the cookie it was', async () => {
    const client = new TestClient(testApp.app);
    const token = await client.csrf();
    const cookie = client.cookie(COOKIE)!;
    const altered = (cookie[0] === 'A' ? 'B' : 'A') + cookie.slice(1);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { cookie: `${COOKIE}=${altered}`, 'x-csrf-token': token },
    });
    expect(response.statusCode).toBe(403);
  });
});
