import {
  ADMIN_API_PATHS,
  SIGN_IN_REFUSED_MESSAGE,
  type AuditAction,
  type SignInResponse,
} from '@claims/core/admin/admin-api';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { listAuditEvents } from '../audit-log';
import {
  createAdminAccount,
  signedInAdmin,
  signInAdmin,
  totpCodeFor,
  TEST_ADMIN_PASSWORD,
} from '../testing/admin-test-kit';

let clock: Date;
let testApp: TestApp;
let app: FastifyInstance;

beforeEach(async () => {
  clock = new Date('2027-03-01T15:00:00Z');
  testApp = await startTestApp({ now: () => clock });
  app = testApp.app;
});

afterEach(async () => {
  await testApp.close();
});

const minutes = (count: number) => {
  clock = new Date(clock.getTime() + count * 60_000);
};

function cookieOf(response: LightMyRequestResponse, previous = ''): string {
  const set = (response.cookies as { name: string; value: string }[])[0];
  return set === undefined ? previous : `${set.name}=${set.value}`;
}

/** A browser's step: a CSRF token for its cookie, then the POST; the cookie it ends with. */
async function post(cookie: string, url: string, payload?: object) {
  const csrf = await app.inject({
    method: 'GET',
    url: ADMIN_API_PATHS.csrf,
    headers: cookie === '' ? {} : { cookie },
  });
  const withCsrf = cookieOf(csrf, cookie);
  const response = await app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: {
      cookie: withCsrf,
      'x-csrf-token': csrf.json<{ requestToken: string }>().requestToken,
    },
  });
  return { response, cookie: cookieOf(response, withCsrf) };
}

const get = (cookie: string, url: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

async function auditActions(): Promise<AuditAction[]> {
  const page = await listAuditEvents(app.db, { page: 1, pageSize: 100 }, 'UTC');
  return page.items.map((item) => item.action).reverse();
}

describe('signing in to the console', () => {
  it('enrolls an authenticator at the first sign-in and then signs in', async () => {
    const account = await createAdminAccount(app, { role: 'reviewer' });
    const first = await post('', ADMIN_API_PATHS.signIn, {
      email: account.email,
      password: account.password,
    });
    expect(first.response.statusCode).toBe(200);
    const answer = first.response.json<SignInResponse>();
    if (answer.next !== 'enroll') throw new Error('expected enrolment');
    expect(answer.otpauthUri).toContain(`secret=${answer.secret}`);

    const code = await totpCodeFor(app, account.email, answer.secret);
    const second = await post(first.cookie, ADMIN_API_PATHS.enrollTotp, { code });
    expect(second.response.statusCode).toBe(200);
    expect(second.response.json()).toMatchObject({ email: account.email, role: 'reviewer' });

    const me = await get(second.cookie, ADMIN_API_PATHS.me);
    expect(me.statusCode).toBe(200);
    expect((await app.adminAccounts.findByEmail(account.email))?.totp_secret).not.toBeNull();
  });

  it('asks an enrolled administrator for a code and accepts the right one', async () => {
    const admin = await signedInAdmin(app, 'supervisor');
    minutes(1);
    const again = await signInAdmin(app, {
      email: admin.email,
      password: TEST_ADMIN_PASSWORD,
      role: 'supervisor',
      totpSecret: admin.totpSecret,
    });
    const me = await again.request({ method: 'GET', url: ADMIN_API_PATHS.me });
    expect(me.json()).toMatchObject({ email: admin.email, role: 'supervisor' });
  });

  it('stores the enrolment secret only once a code from it is right', async () => {
    const account = await createAdminAccount(app, { role: 'viewer' });
    const first = await post('', ADMIN_API_PATHS.signIn, account);
    const wrong = await post(first.cookie, ADMIN_API_PATHS.enrollTotp, { code: '000000' });
    expect(wrong.response.statusCode).toBe(400);
    expect((await app.adminAccounts.findByEmail(account.email))?.totp_secret).toBeNull();
  });

  it('gives the same message for a wrong password, an unknown address and a wrong code', async () => {
    const admin = await signedInAdmin(app, 'reviewer');
    const wrongPassword = await post('', ADMIN_API_PATHS.signIn, {
      email: admin.email,
      password: 'not the password at all',
    });
    const unknown = await post('', ADMIN_API_PATHS.signIn, {
      email: 'nobody@example.org',
      password: TEST_ADMIN_PASSWORD,
    });
    const passwordStep = await post('', ADMIN_API_PATHS.signIn, {
      email: admin.email,
      password: TEST_ADMIN_PASSWORD,
    });
    const wrongCode = await post(passwordStep.cookie, ADMIN_API_PATHS.verifyTotp, {
      code: '123456',
    });
    expect(wrongPassword.response.statusCode).toBe(401);
    expect(unknown.response.statusCode).toBe(401);
    expect(wrongCode.response.statusCode).toBe(400);
    for (const { response } of [wrongPassword, unknown, wrongCode]) {
      expect(response.json()).toEqual({ error: SIGN_IN_REFUSED_MESSAGE });
    }
  });

  it('refuses a disabled account with the same message', async () => {
    const account = await createAdminAccount(app, { role: 'reviewer' });
    await app.adminAccounts.setDisabled(account.email, true, {
      email: null,
      role: null,
      ipAddress: null,
      via: 'in a test',
    });
    const { response } = await post('', ADMIN_API_PATHS.signIn, account);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: SIGN_IN_REFUSED_MESSAGE });
  });

  it('locks an address out for 15 minutes after five wrong passwords, right password or not', async () => {
    const account = await createAdminAccount(app, { role: 'reviewer' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { response } = await post('', ADMIN_API_PATHS.signIn, {
        email: account.email,
        password: `wrong password ${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await post('', ADMIN_API_PATHS.signIn, account);
    expect(locked.response.statusCode).toBe(429);
    expect(locked.response.json()).toEqual({ error: SIGN_IN_REFUSED_MESSAGE });
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(0);

    minutes(16);
    const after = await post('', ADMIN_API_PATHS.signIn, account);
    expect(after.response.statusCode).toBe(200);
  });

  it('locks unknown addresses the same way, so a lock says nothing of accounts', async () => {
    const guess = { email: 'nobody@example.org', password: 'a guessed password' };
    for (let attempt = 0; attempt < 5; attempt += 1) await post('', ADMIN_API_PATHS.signIn, guess);
    const { response } = await post('', ADMIN_API_PATHS.signIn, guess);
    expect(response.statusCode).toBe(429);
  });

  it('ends the code step after five wrong codes', async () => {
    const admin = await signedInAdmin(app, 'reviewer');
    const step = await post('', ADMIN_API_PATHS.signIn, {
      email: admin.email,
      password: TEST_ADMIN_PASSWORD,
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { response } = await post(step.cookie, ADMIN_API_PATHS.verifyTotp, { code: '000000' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 401, 401]);
  });
});

describe('console sessions', () => {
  it('changes the session at each step and refuses the old cookie', async () => {
    const account = await createAdminAccount(app, { role: 'reviewer' });
    const anonymous = await app.inject({ method: 'GET', url: ADMIN_API_PATHS.csrf });
    const before = cookieOf(anonymous);
    const first = await post(before, ADMIN_API_PATHS.signIn, account);
    const answer = first.response.json<SignInResponse>();
    if (answer.next !== 'enroll') throw new Error('expected enrolment');
    expect(first.cookie).not.toBe(before);

    const code = await totpCodeFor(app, account.email, answer.secret);
    const second = await post(first.cookie, ADMIN_API_PATHS.enrollTotp, { code });
    expect(second.cookie).not.toBe(first.cookie);
    // The password step's cookie is dead: it cannot give a code again.
    const replay = await post(first.cookie, ADMIN_API_PATHS.enrollTotp, { code });
    expect(replay.response.statusCode).toBe(401);

    const signedOut = await post(second.cookie, ADMIN_API_PATHS.signOut);
    expect(signedOut.response.statusCode).toBe(200);
    expect(signedOut.cookie).not.toBe(second.cookie);
    expect((await get(second.cookie, ADMIN_API_PATHS.me)).statusCode).toBe(401);
    expect((await get(signedOut.cookie, ADMIN_API_PATHS.me)).statusCode).toBe(401);
  });

  it('sets a strict, HttpOnly cookie, __Host- prefixed and Secure over HTTPS', async () => {
    const https = await startTestApp({ env: { PUBLIC_ORIGIN: 'https://claims.example.org' } });
    try {
      const response = await https.app.inject({ method: 'GET', url: ADMIN_API_PATHS.csrf });
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-claims_admin=/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Strict/);
      expect(header).toMatch(/; Path=\//);
    } finally {
      await https.close();
    }
  });

  it('ends a session after 15 idle minutes', async () => {
    const admin = await signedInAdmin(app, 'viewer');
    minutes(14);
    expect((await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me })).statusCode).toBe(200);
    minutes(14);
    expect((await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me })).statusCode).toBe(200);
    minutes(16);
    expect((await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me })).statusCode).toBe(401);
  });

  it('ends a session 8 hours after sign-in however active', async () => {
    const admin = await signedInAdmin(app, 'viewer');
    for (let elapsed = 0; elapsed < 8 * 60 - 10; elapsed += 10) {
      minutes(10);
      expect((await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me })).statusCode).toBe(
        200,
      );
    }
    minutes(10);
    expect((await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me })).statusCode).toBe(401);
  });

  it('refuses an unsafe call without the CSRF token', async () => {
    const admin = await signedInAdmin(app, 'reviewer');
    const response = await app.inject({
      method: 'POST',
      url: ADMIN_API_PATHS.signOut,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me })).statusCode).toBe(200);
  });

  it('refuses a CSRF token of another session', async () => {
    const admin = await signedInAdmin(app, 'reviewer');
    const other = await signedInAdmin(app, 'reviewer');
    const response = await app.inject({
      method: 'POST',
      url: ADMIN_API_PATHS.signOut,
      headers: { cookie: admin.cookie, 'x-csrf-token': other.csrfToken },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('who may call me and case', () => {
  it('answers 401 without a session and at the password step', async () => {
    expect((await get('', ADMIN_API_PATHS.me)).statusCode).toBe(401);
    expect((await get('', ADMIN_API_PATHS.caseSettings)).statusCode).toBe(401);
    const account = await createAdminAccount(app, { role: 'supervisor' });
    const step = await post('', ADMIN_API_PATHS.signIn, account);
    expect((await get(step.cookie, ADMIN_API_PATHS.me)).statusCode).toBe(401);
    expect((await get(step.cookie, ADMIN_API_PATHS.caseSettings)).statusCode).toBe(401);
  });

  it.each(['viewer', 'reviewer', 'supervisor'] as const)(
    'lets a %s read who is signed in and the case settings',
    async (role) => {
      const admin = await signedInAdmin(app, role);
      const me = await admin.request({ method: 'GET', url: ADMIN_API_PATHS.me });
      expect(me.json()).toMatchObject({ role });
      const settings = await admin.request({ method: 'GET', url: ADMIN_API_PATHS.caseSettings });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toMatchObject({
        caseName: app.claimsCase.definition.details.caseName,
        cultures: [
          { code: 'en', name: 'English' },
          { code: 'es', name: 'Español' },
        ],
        lifecycle: { timeZone: app.claimsCase.projectTimeZone },
      });
    },
  );
});

describe('the audit log of signing in', () => {
  it('records refusals, enrolment, sign-in and sign-out with who and from where', async () => {
    const account = await createAdminAccount(app, { role: 'reviewer' });
    await post('', ADMIN_API_PATHS.signIn, { email: account.email, password: 'wrong password!' });
    const admin = await signInAdmin(app, account);
    await admin.request({ method: 'POST', url: ADMIN_API_PATHS.signOut });
    expect(await auditActions()).toEqual([
      'account_created',
      'sign_in_refused',
      'totp_enrolled',
      'sign_in',
      'sign_out',
    ]);
    const page = await listAuditEvents(app.db, { page: 1, pageSize: 25 }, 'UTC');
    const refused = page.items.find((item) => item.action === 'sign_in_refused');
    expect(refused).toMatchObject({
      actorEmail: account.email,
      ipAddress: '127.0.0.1',
      details: 'wrong password',
    });
  });
});
