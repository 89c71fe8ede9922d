import {
  ADMIN_API_PATHS,
  type CsrfResponse,
  type SignInResponse,
} from '@claims/core/admin/admin-api';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import { generateSync } from 'otplib';
import { AdminAccountService } from '../admin/accounts/account-service';
import { loadOrCreateTotpKey, TotpSecretBox } from '../admin/accounts/totp-secret-box';
import { openDatabase } from '../db/database';
import { HttpBrowser } from './http-browser';

/** An administrator's e-mail address, role and password. */
export interface HttpAdminAccount {
  email: string;
  role: AdminRole;
  password: string;
}

/**
 * Makes an account as `npm run admin -- user add` does on a server's environment: in its
 * database, with the TOTP key of its data folder (the key its enrolment is sealed with).
 */
export async function addAccountOn(
  environment: { dataDir: string; databaseUrl: string },
  account: HttpAdminAccount,
): Promise<void> {
  const { db } = await openDatabase(environment);
  try {
    const secrets = new TotpSecretBox(loadOrCreateTotpKey(environment.dataDir));
    await new AdminAccountService(db, secrets, () => new Date()).create(account, {
      email: null,
      role: null,
      ipAddress: null,
      via: 'on the command line',
    });
  } finally {
    await db.destroy();
  }
}

/** A console session over a real socket: its cookie kept, the admin CSRF token on each POST. */
export class HttpAdmin {
  private readonly browser: HttpBrowser;
  private token = '';

  private constructor(origin: string) {
    this.browser = new HttpBrowser(origin);
  }

  /** GET on the admin API; throws unless the answer is a 200. */
  async get(pathname: string): Promise<Response> {
    const response = await this.browser.call(pathname);
    if (response.status !== 200) {
      throw new Error(`GET ${pathname} answered ${response.status}: ${await response.text()}`);
    }
    return response;
  }

  /** A new CSRF token, as the console asks for after each sign-in step. */
  private async renewToken(): Promise<void> {
    this.token = (
      (await (await this.get(ADMIN_API_PATHS.csrf)).json()) as CsrfResponse
    ).requestToken;
  }

  private async post<Answer>(pathname: string, body: object): Promise<Answer> {
    await this.renewToken();
    const response = await this.browser.call(pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': this.token },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) {
      throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as Answer;
  }

  /**
   * Signs a new account in on `origin`: its password, then the enrolment of an authenticator
   * with the code it shows now.
   */
  static async enrolled(origin: string, account: HttpAdminAccount): Promise<HttpAdmin> {
    const admin = new HttpAdmin(origin);
    const answer = await admin.post<SignInResponse>(ADMIN_API_PATHS.signIn, {
      email: account.email,
      password: account.password,
    });
    if (answer.next !== 'enroll') throw new Error(`${account.email} is already enrolled`);
    const epoch = Math.floor(Date.now() / 1000);
    await admin.post(ADMIN_API_PATHS.enrollTotp, {
      code: generateSync({ secret: answer.secret, epoch }),
    });
    await admin.renewToken();
    return admin;
  }
}
