import {
  ADMIN_API_PATHS,
  type CsrfResponse,
  type SignInResponse,
} from '@claims/core/admin/admin-api';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { emailKey } from '../accounts/account-service';

/** The password test accounts get unless a test gives another. */
export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

const TEST_ACTOR = { email: null, role: null, ipAddress: null, via: 'in a test' } as const;

/** Makes an account through the account service, as the command line does. */
export async function createAdminAccount(
  app: FastifyInstance,
  account: { role: AdminRole; email?: string; password?: string },
): Promise<{ email: string; password: string; role: AdminRole }> {
  const email =
    account.email ?? `${account.role}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const password = account.password ?? TEST_ADMIN_PASSWORD;
  await app.adminAccounts.create({ email, role: account.role, password }, TEST_ACTOR);
  return { email, password, role: account.role };
}

/**
 * The code an authenticator shows for `secret` at the app's clock, of a time step later than
 * the last one the account used (codes are accepted once), within the step tolerated ahead.
 */
export async function totpCodeFor(
  app: FastifyInstance,
  email: string,
  secret: string,
): Promise<string> {
  const epoch = Math.floor(app.now().getTime() / 1000);
  const account = await app.adminAccounts.findByEmail(emailKey(email));
  const step = Math.floor(epoch / 30);
  const lastStep = account?.totp_last_step ?? null;
  const useStep = lastStep !== null && lastStep >= step ? lastStep + 1 : step;
  if (useStep > step + 1) {
    throw new Error('this account signed in too often within one TOTP step; move the clock');
  }
  return generateSync({ secret, epoch: useStep * 30 });
}

/** A browser signed in to the console, as inject() needs it. */
export interface AdminBrowser {
  email: string;
  role: AdminRole;
  /** The base32 secret of the account's authenticator. */
  totpSecret: string;
  /** The Cookie header of the signed-in session. */
  cookie: string;
  csrfToken: string;
  /** Cookie and CSRF headers for an inject() call. */
  headers: { cookie: string; 'x-csrf-token': string };
  /** inject() with this browser's headers added. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

function cookieHeaderOf(response: LightMyRequestResponse, previous: string): string {
  const set = (response.cookies as { name: string; value: string }[])[0];
  return set === undefined ? previous : `${set.name}=${set.value}`;
}

async function csrfOf(app: FastifyInstance, cookie: string) {
  const response = await app.inject({
    method: 'GET',
    url: ADMIN_API_PATHS.csrf,
    headers: cookie === '' ? {} : { cookie },
  });
  return {
    cookie: cookieHeaderOf(response, cookie),
    token: response.json<CsrfResponse>().requestToken,
  };
}

async function post(
  app: FastifyInstance,
  url: string,
  cookie: string,
  payload: object,
): Promise<{ response: LightMyRequestResponse; cookie: string }> {
  const csrf = await csrfOf(app, cookie);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token },
  });
  if (response.statusCode !== 200) {
    throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return { response, cookie: cookieHeaderOf(response, csrf.cookie) };
}

/**
 * Signs an account in through the real routes: the password, then a TOTP code computed here
 * (enrolling the authenticator the first time, whose secret is then returned).
 */
export async function signInAdmin(
  app: FastifyInstance,
  account: { email: string; password: string; role: AdminRole; totpSecret?: string },
): Promise<AdminBrowser> {
  const first = await post(app, ADMIN_API_PATHS.signIn, '', {
    email: account.email,
    password: account.password,
  });
  const answer = first.response.json<SignInResponse>();
  const secret = answer.next === 'enroll' ? answer.secret : account.totpSecret;
  if (secret === undefined) throw new Error(`${account.email} is enrolled; give its totpSecret`);
  const path = answer.next === 'enroll' ? ADMIN_API_PATHS.enrollTotp : ADMIN_API_PATHS.verifyTotp;
  const second = await post(app, path, first.cookie, {
    code: await totpCodeFor(app, account.email, secret),
  });
  const csrf = await csrfOf(app, second.cookie);
  const headers = { cookie: csrf.cookie, 'x-csrf-token': csrf.token };
  return {
    email: account.email,
    role: account.role,
    totpSecret: secret,
    cookie: csrf.cookie,
    csrfToken: csrf.token,
    headers,
    request: (options) => app.inject({ ...options, headers: { ...options.headers, ...headers } }),
  };
}

/** A new account of the role, signed in (its authenticator enrolled on the way). */
export async function signedInAdmin(
  app: FastifyInstance,
  role: AdminRole,
  email?: string,
): Promise<AdminBrowser> {
  const account = await createAdminAccount(app, {
    role,
    ...(email === undefined ? {} : { email }),
  });
  return signInAdmin(app, account);
}
