import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_SESSION_ABSOLUTE_HOURS,
  ADMIN_SESSION_IDLE_MINUTES,
  ADMIN_SIGN_IN_STEP_MINUTES,
} from '@claims/core/admin/admin-api';
import type { Kysely, Selectable } from 'kysely';
import type { AdminSessionTable, Database } from '../../db/schema';

export type AdminSessionStep = AdminSessionTable['step'];

/** A live console session, as loaded for a request. */
export interface AdminSession {
  /** SHA-256 of the cookie's token: the row's key. */
  idHash: string;
  accountId: string;
  step: AdminSessionStep;
  /** While enrolling: the sealed secret the code must come from. */
  pendingTotpSecret: string | null;
  failedCodes: number;
  signedInAt: string;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

export interface NewAdminSession {
  accountId: string;
  step: AdminSessionStep;
  /** When the password was accepted: the absolute lifetime counts from here. */
  signedInAt: Date;
  pendingTotpSecret?: string | null;
}

const MINUTE = 60_000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function toSession(row: Selectable<AdminSessionTable>): AdminSession {
  return {
    idHash: row.id_hash,
    accountId: row.account_id,
    step: row.step,
    pendingTotpSecret: row.pending_totp_secret,
    failedCodes: row.failed_codes,
    signedInAt: row.signed_in_at,
    idleExpiresAt: row.idle_expires_at,
    absoluteExpiresAt: row.absolute_expires_at,
  };
}

/**
 * Console sessions, in a table of their own (the claimant's sessions are another thing). The
 * cookie holds a random token; the table holds only its hash. A session at the password step
 * lives ADMIN_SIGN_IN_STEP_MINUTES; a signed-in one ADMIN_SESSION_IDLE_MINUTES after its last
 * call and at most ADMIN_SESSION_ABSOLUTE_HOURS after the password was accepted.
 */
export class AdminSessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  /** Stores a new session; the token is for the cookie and is kept nowhere else. */
  async create(
    session: NewAdminSession,
    db: Kysely<Database> = this.db,
  ): Promise<{ token: string; session: AdminSession }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const absolute = new Date(
      session.signedInAt.getTime() + ADMIN_SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
    );
    const idleMinutes =
      session.step === 'signed_in' ? ADMIN_SESSION_IDLE_MINUTES : ADMIN_SIGN_IN_STEP_MINUTES;
    const idle = new Date(Math.min(now.getTime() + idleMinutes * MINUTE, absolute.getTime()));
    const row = {
      id_hash: hashSessionToken(token),
      account_id: session.accountId,
      step: session.step,
      pending_totp_secret: session.pendingTotpSecret ?? null,
      failed_codes: 0,
      created_at: now.toISOString(),
      signed_in_at: session.signedInAt.toISOString(),
      idle_expires_at: idle.toISOString(),
      absolute_expires_at: absolute.toISOString(),
    };
    await db.insertInto('admin_sessions').values(row).execute();
    return { token, session: toSession(row) };
  }

  /**
   * The live session of a cookie's token, or null. A signed-in session's idle time starts
   * again with each call that loads it.
   */
  async load(token: string): Promise<AdminSession | null> {
    const idHash = hashSessionToken(token);
    const now = this.now();
    const nowIso = now.toISOString();
    const row = await this.db
      .selectFrom('admin_sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    if (row === undefined) return null;
    if (row.idle_expires_at <= nowIso || row.absolute_expires_at <= nowIso) {
      await this.destroy(idHash);
      return null;
    }
    const session = toSession(row);
    if (session.step === 'signed_in') {
      const idle = new Date(
        Math.min(
          now.getTime() + ADMIN_SESSION_IDLE_MINUTES * MINUTE,
          Date.parse(session.absoluteExpiresAt),
        ),
      ).toISOString();
      await this.db
        .updateTable('admin_sessions')
        .set({ idle_expires_at: idle })
        .where('id_hash', '=', idHash)
        .execute();
      session.idleExpiresAt = idle;
    }
    return session;
  }

  /** Ends a session; true when it was still there (so two requests cannot both end it). */
  async destroy(idHash: string, db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db
      .deleteFrom('admin_sessions')
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Counts a wrong code given at the session's TOTP step; answers the count so far. */
  async countWrongCode(idHash: string): Promise<number> {
    const row = await this.db
      .updateTable('admin_sessions')
      .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
      .where('id_hash', '=', idHash)
      .returning('failed_codes')
      .executeTakeFirst();
    return row?.failed_codes ?? Number.POSITIVE_INFINITY;
  }

  async purgeExpired(): Promise<void> {
    const nowIso = this.now().toISOString();
    await this.db
      .deleteFrom('admin_sessions')
      .where((eb) =>
        eb.or([eb('idle_expires_at', '<=', nowIso), eb('absolute_expires_at', '<=', nowIso)]),
      )
      .execute();
  }
}
