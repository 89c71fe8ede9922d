import {
  SIGN_IN_REFUSED_MESSAGE,
  type MeResponse,
  type SignInResponse,
} from '@claims/core/admin/admin-api';
import type { Kysely } from 'kysely';
import type { EphemeralWriter } from '../../db/database';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, unauthorized } from '../../http-error';
import { AttemptLimiter, type LockoutPolicy, type Subject } from '../../services/attempt-limiter';
import {
  emailKey,
  type AdminAccountRow,
  type AdminAccountService,
} from '../accounts/account-service';
import { passwordMatches } from '../accounts/passwords';
import { acceptedTotpStep, newTotpSecret, totpUri } from '../accounts/totp';
import { writeAuditEvent, type AuditEvent } from '../audit-log';
import type { AdminSession, AdminSessionStore } from '../sessions/admin-session-store';

/** Wrong passwords and codes for one e-mail address: 5 within 15 minutes lock it for 15. */
export const ADMIN_EMAIL_POLICY: LockoutPolicy = {
  maxFailures: 5,
  windowMinutes: 15,
  lockMinutes: 15,
};
/** From one address across e-mail addresses. */
export const ADMIN_IP_POLICY: LockoutPolicy = {
  maxFailures: 50,
  windowMinutes: 15,
  lockMinutes: 15,
};
/** Wrong codes one password step may take before it is over. */
export const MAX_WRONG_CODES = 5;

/** A refusal of too many attempts: 429, with when to try again. */
export class TooManyAttemptsError extends HttpError {
  override name = 'TooManyAttemptsError';
  constructor(readonly retryAfterSeconds: number) {
    super(429, SIGN_IN_REFUSED_MESSAGE);
  }
}

export interface SignInContext {
  ipAddress: string | null;
  /** The request's session, ended by any step that starts a new one. */
  session: AdminSession | null;
}

/** What a step that starts a session gives back: the cookie's token and the answer. */
export interface StepResult<Answer> {
  token: string;
  answer: Answer;
}

/**
 * The two steps of signing in to the console (docs/behaviour.md#admin-sign-in): the
 * password, then a code of the enrolled authenticator (or, the first time, enrolling one).
 * Every refusal has the same message, so that nobody learns which e-mail addresses have
 * accounts; unknown addresses and locked ones take as long as the others. Each step ends the
 * session it was called in and starts a new one.
 */
export class AdminSignInService {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly db: Kysely<Database>,
    writeEphemeral: EphemeralWriter,
    private readonly accounts: AdminAccountService,
    private readonly sessions: AdminSessionStore,
    private readonly now: () => Date,
    /** The issuer an authenticator app lists the account under. */
    private readonly issuer: string,
  ) {
    this.limiter = new AttemptLimiter(db, writeEphemeral, now);
  }

  async signIn(
    email: string,
    password: string,
    context: SignInContext,
  ): Promise<StepResult<SignInResponse>> {
    const subjects = this.subjects(email, context.ipAddress);
    await this.reserve(subjects, email, context);
    const account = await this.accounts.findByEmail(email);
    const matches = await passwordMatches(account?.password_hash ?? null, password);
    if (account === undefined || !matches || account.disabled === 1) {
      const cause =
        account === undefined
          ? 'no such account'
          : !matches
            ? 'wrong password'
            : 'account disabled';
      await this.refuse(email, account, cause, context);
      throw unauthorized(SIGN_IN_REFUSED_MESSAGE);
    }
    // The password is right: the attempt does not count, but the codes to come will.
    await this.limiter.giveBack(subjects);
    const enrolling = account.totp_secret === null;
    const secret = enrolling ? newTotpSecret() : null;
    const { token } = await this.startSession(context, {
      accountId: account.id,
      step: 'password_accepted',
      signedInAt: this.now(),
      pendingTotpSecret: secret === null ? null : this.accounts.secrets.seal(secret, account.id),
    });
    const answer: SignInResponse =
      secret === null
        ? { next: 'totp' }
        : { next: 'enroll', otpauthUri: totpUri(secret, this.issuer, account.email), secret };
    return { token, answer };
  }

  /** The code of the enrolled authenticator. */
  async verifyTotp(
    session: AdminSession,
    code: string,
    context: SignInContext,
  ): Promise<StepResult<MeResponse>> {
    const account = await this.liveAccount(session, context);
    if (account.totp_secret === null) {
      throw badRequest('This account has no authenticator yet; sign in again to enroll one.');
    }
    const secret = this.accounts.secrets.open(account.totp_secret, account.id);
    return this.checkCode(session, account, secret, code, context, false);
  }

  /** The first code of the authenticator enrolled from the secret shown at the password step. */
  async enrollTotp(
    session: AdminSession,
    code: string,
    context: SignInContext,
  ): Promise<StepResult<MeResponse>> {
    const account = await this.liveAccount(session, context);
    if (session.pendingTotpSecret === null || account.totp_secret !== null) {
      throw badRequest('This account has an authenticator already; give its code instead.');
    }
    const secret = this.accounts.secrets.open(session.pendingTotpSecret, account.id);
    return this.checkCode(session, account, secret, code, context, true);
  }

  /** Ends the session, if any; a signed-in one is written to the audit log. */
  async signOut(
    session: AdminSession | null,
    admin: { email: string; role: AdminAccountRow['role'] } | null,
    ipAddress: string | null,
  ): Promise<void> {
    if (session === null) return;
    await this.db.transaction().execute(async (trx) => {
      const ended = await this.sessions.destroy(session.idHash, trx);
      if (ended && admin !== null) {
        await writeAuditEvent(
          trx,
          { action: 'sign_out', actorEmail: admin.email, actorRole: admin.role, ipAddress },
          this.now(),
        );
      }
    });
  }

  private async checkCode(
    session: AdminSession,
    account: AdminAccountRow,
    secret: string,
    code: string,
    context: SignInContext,
    enrolling: boolean,
  ): Promise<StepResult<MeResponse>> {
    const subjects = this.subjects(account.email, context.ipAddress);
    await this.reserve(subjects, account.email, context);
    const step = acceptedTotpStep(secret, code, this.now(), account.totp_last_step);
    const used =
      step !== null && (enrolling || (await this.accounts.useTotpStep(account.id, step)));
    if (step === null || !used) {
      await this.refuse(
        account.email,
        account,
        enrolling ? 'wrong enrolment code' : 'wrong code',
        context,
      );
      const wrong = await this.sessions.countWrongCode(session.idHash);
      if (wrong >= MAX_WRONG_CODES) {
        await this.sessions.destroy(session.idHash);
        throw unauthorized(SIGN_IN_REFUSED_MESSAGE);
      }
      throw badRequest(SIGN_IN_REFUSED_MESSAGE);
    }
    await this.limiter.giveBack(subjects);
    await this.limiter.clear(subjects[0]!);
    const at = this.now();
    const actor = {
      actorEmail: account.email,
      actorRole: account.role,
      ipAddress: context.ipAddress,
    };
    const started = await this.db.transaction().execute(async (trx) => {
      if (enrolling) {
        await trx
          .updateTable('admin_accounts')
          .set({
            totp_secret: this.accounts.secrets.seal(secret, account.id),
            totp_last_step: step,
            updated_at: at.toISOString(),
          })
          .where('id', '=', account.id)
          .execute();
        await writeAuditEvent(trx, { action: 'totp_enrolled', ...actor }, at);
      }
      await writeAuditEvent(trx, { action: 'sign_in', ...actor }, at);
      return this.startSession(
        { ...context, session },
        { accountId: account.id, step: 'signed_in', signedInAt: new Date(session.signedInAt) },
        trx,
      );
    });
    return {
      token: started.token,
      answer: {
        email: account.email,
        role: account.role,
        idleExpiresAt: started.session.idleExpiresAt,
        absoluteExpiresAt: started.session.absoluteExpiresAt,
      },
    };
  }

  /** The session's account, still there and enabled; else the session ends (401). */
  private async liveAccount(
    session: AdminSession,
    context: SignInContext,
  ): Promise<AdminAccountRow> {
    const account = await this.accounts.findById(session.accountId);
    if (account === undefined || account.disabled === 1) {
      await this.sessions.destroy(session.idHash);
      await this.refuse(account?.email ?? null, account, 'account disabled', context);
      throw unauthorized(SIGN_IN_REFUSED_MESSAGE);
    }
    return account;
  }

  private async startSession(
    context: SignInContext,
    session: Parameters<AdminSessionStore['create']>[0],
    trx: Kysely<Database> = this.db,
  ) {
    if (context.session !== null) await this.sessions.destroy(context.session.idHash, trx);
    return this.sessions.create(session, trx);
  }

  private subjects(email: string, ipAddress: string | null): Subject[] {
    return [
      { key: `admin:${emailKey(email)}`, policy: ADMIN_EMAIL_POLICY },
      ...(ipAddress === null ? [] : [{ key: `admin-ip:${ipAddress}`, policy: ADMIN_IP_POLICY }]),
    ];
  }

  private async reserve(subjects: Subject[], email: string, context: SignInContext): Promise<void> {
    const reservation = await this.limiter.reserve(subjects);
    if (reservation.taken) return;
    // As long as a right password would take, so a lock says no more than a wrong password.
    await passwordMatches(null, email);
    await this.refuse(email, undefined, 'too many attempts', context);
    const seconds = Math.ceil((reservation.lockedUntil.getTime() - this.now().getTime()) / 1000);
    throw new TooManyAttemptsError(Math.max(1, seconds));
  }

  private async refuse(
    email: string | null,
    account: AdminAccountRow | undefined,
    cause: string,
    context: SignInContext,
  ): Promise<void> {
    const event: AuditEvent = {
      action: 'sign_in_refused',
      actorEmail: account?.email ?? (email === null ? null : email.trim().slice(0, 254) || null),
      actorRole: account?.role ?? null,
      ipAddress: context.ipAddress,
      details: cause,
    };
    await writeAuditEvent(this.db, event, this.now());
  }
}
