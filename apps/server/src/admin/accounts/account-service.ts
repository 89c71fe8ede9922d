import { randomUUID } from 'node:crypto';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/database';
import type { AdminAccountTable, Database } from '../../db/schema';
import { writeAuditEvent, type AuditEvent } from '../audit-log';
import { hashPassword, passwordProblem } from './passwords';
import type { TotpSecretBox } from './totp-secret-box';

export type AdminAccountRow = Selectable<AdminAccountTable>;

/** What `user list` shows of an account; never its password or secret. */
export interface AdminAccountSummary {
  email: string;
  role: AdminRole;
  disabled: boolean;
  totpEnrolled: boolean;
  createdAt: string;
}

/** A change refused for what was asked (no such account, an address taken, a weak password). */
export class AccountError extends Error {
  override name = 'AccountError';
}

/** The form e-mail addresses are compared in: case aside, spaces around removed. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who made a change to an account, for its audit row. */
export interface AccountChangeActor {
  email: string | null;
  role: AdminRole | null;
  ipAddress: string | null;
  /** Where the change was made, for the audit row, e.g. "on the command line". */
  via: string;
}

/**
 * The administrators' accounts: made, listed, disabled and reset from the command line, read
 * at sign-in. Every change writes its audit row in the same transaction.
 */
export class AdminAccountService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly secrets: TotpSecretBox,
    private readonly now: () => Date,
  ) {}

  async create(
    input: { email: string; role: AdminRole; password: string },
    actor: AccountChangeActor,
  ): Promise<AdminAccountSummary> {
    const email = input.email.trim();
    if (!EMAIL.test(email) || email.length > 254) {
      throw new AccountError(`"${input.email}" is not an e-mail address`);
    }
    const problem = passwordProblem(input.password);
    if (problem !== null) throw new AccountError(problem);
    const passwordHash = await hashPassword(input.password);
    const at = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('admin_accounts')
          .values({
            id: randomUUID(),
            email,
            email_key: emailKey(email),
            password_hash: passwordHash,
            role: input.role,
            disabled: 0,
            totp_secret: null,
            totp_last_step: null,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          })
          .execute();
        await this.audit(trx, actor, 'account_created', `${email} as ${input.role}`, at);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AccountError(`an account for ${email} exists already`);
      }
      throw error;
    }
    return {
      email,
      role: input.role,
      disabled: false,
      totpEnrolled: false,
      createdAt: at.toISOString(),
    };
  }

  async list(): Promise<AdminAccountSummary[]> {
    const rows = await this.db
      .selectFrom('admin_accounts')
      .selectAll()
      .orderBy('email_key')
      .execute();
    return rows.map(summary);
  }

  async findByEmail(email: string): Promise<AdminAccountRow | undefined> {
    return this.db
      .selectFrom('admin_accounts')
      .selectAll()
      .where('email_key', '=', emailKey(email))
      .executeTakeFirst();
  }

  async findById(id: string): Promise<AdminAccountRow | undefined> {
    return this.db.selectFrom('admin_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Disables or enables an account; disabling also ends its sessions. */
  async setDisabled(
    email: string,
    disabled: boolean,
    actor: AccountChangeActor,
  ): Promise<AdminAccountSummary> {
    return this.change(
      email,
      actor,
      disabled ? 'account_disabled' : 'account_enabled',
      { disabled: disabled ? 1 : 0 },
      disabled,
    );
  }

  /** Forgets the account's authenticator: the next sign-in enrolls one again. */
  async resetTotp(email: string, actor: AccountChangeActor): Promise<AdminAccountSummary> {
    return this.change(
      email,
      actor,
      'totp_reset',
      { totp_secret: null, totp_last_step: null },
      true,
    );
  }

  async resetPassword(
    email: string,
    password: string,
    actor: AccountChangeActor,
  ): Promise<AdminAccountSummary> {
    const problem = passwordProblem(password);
    if (problem !== null) throw new AccountError(problem);
    const passwordHash = await hashPassword(password);
    return this.change(email, actor, 'password_reset', { password_hash: passwordHash }, true);
  }

  /** Records the step of an accepted code, unless another request used it or a later one first. */
  async useTotpStep(accountId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('admin_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', accountId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async change(
    email: string,
    actor: AccountChangeActor,
    action: 'account_disabled' | 'account_enabled' | 'totp_reset' | 'password_reset',
    values: Partial<
      Pick<AdminAccountRow, 'disabled' | 'totp_secret' | 'totp_last_step' | 'password_hash'>
    >,
    endSessions: boolean,
  ): Promise<AdminAccountSummary> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('admin_accounts')
        .set({ ...values, updated_at: at.toISOString() })
        .where('email_key', '=', emailKey(email))
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) throw new AccountError(`no account for ${email.trim()}`);
      if (endSessions) {
        await trx.deleteFrom('admin_sessions').where('account_id', '=', row.id).execute();
      }
      await this.audit(trx, actor, action, row.email, at);
      return summary(row);
    });
  }

  private async audit(
    trx: Kysely<Database>,
    actor: AccountChangeActor,
    action: AuditEvent['action'],
    what: string,
    at: Date,
  ): Promise<void> {
    await writeAuditEvent(
      trx,
      {
        action,
        actorEmail: actor.email,
        actorRole: actor.role,
        ipAddress: actor.ipAddress,
        details: `${what}, ${actor.via}`,
      },
      at,
    );
  }
}

function summary(row: AdminAccountRow): AdminAccountSummary {
  return {
    email: row.email,
    role: row.role,
    disabled: row.disabled === 1,
    totpEnrolled: row.totp_secret !== null,
    createdAt: row.created_at,
  };
}
