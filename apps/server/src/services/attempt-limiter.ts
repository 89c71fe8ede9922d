import { sql, type Kysely } from 'kysely';
import type { EphemeralWriter } from '../db/database';
import type { Database } from '../db/schema';

export interface LockoutPolicy {
  /** Wrong guesses within the window that lock the subject. */
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/**
 * Per ID (a Notice ID, a reference code): five wrong guesses lock it for 15 minutes, so a
 * 6-digit PIN cannot be found by guessing. Per client address the bound is higher, since
 * several claimants may share one (a household, an office), but it still stops one machine
 * from walking through the class list.
 */
export const DEFAULT_ID_POLICY: LockoutPolicy = {
  maxFailures: 5,
  windowMinutes: 15,
  lockMinutes: 15,
};
export const DEFAULT_IP_POLICY: LockoutPolicy = {
  maxFailures: 50,
  windowMinutes: 15,
  lockMinutes: 15,
};

export interface Subject {
  key: string;
  policy: LockoutPolicy;
}

const minutes = (count: number) => count * 60_000;

/**
 * Counts wrong guesses in the database, so every server instance enforces the same limits.
 * Counting is one atomic upsert, so concurrent guesses cannot slip past the bound. Counts are
 * written with the ephemeral writer: a power loss may forget the last moments of counting,
 * which gives back at most a few guesses per ID, and only on an event no guesser controls.
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly writeEphemeral: EphemeralWriter,
    private readonly now: () => Date,
  ) {}

  /** When the latest lock on any of the subjects ends; null when none is locked. */
  async lockedUntil(subjects: readonly Subject[]): Promise<Date | null> {
    if (subjects.length === 0) return null;
    const row = await this.db
      .selectFrom('auth_failures')
      .select((eb) => eb.fn.max('locked_until').as('until'))
      .where(
        'subject',
        'in',
        subjects.map((subject) => subject.key),
      )
      .where('locked_until', '>', this.now().toISOString())
      .executeTakeFirst();
    return row?.until ? new Date(row.until) : null;
  }

  async recordFailure(subjects: readonly Subject[]): Promise<void> {
    const now = this.now();
    const nowIso = now.toISOString();
    await this.writeEphemeral(async (trx) => {
      for (const { key, policy } of subjects) {
        const windowStart = new Date(now.getTime() - minutes(policy.windowMinutes)).toISOString();
        const stale = sql<boolean>`auth_failures.window_started_at <= ${windowStart}`;
        await trx
          .insertInto('auth_failures')
          .values({ subject: key, failures: 1, window_started_at: nowIso, locked_until: null })
          .onConflict((conflict) =>
            conflict.column('subject').doUpdateSet({
              failures: sql`case when ${stale} then 1 else auth_failures.failures + 1 end`,
              window_started_at: sql`case when ${stale} then ${nowIso} else auth_failures.window_started_at end`,
            }),
          )
          .execute();
        await trx
          .updateTable('auth_failures')
          .set({
            locked_until: new Date(now.getTime() + minutes(policy.lockMinutes)).toISOString(),
          })
          .where('subject', '=', key)
          .where('failures', '>=', policy.maxFailures)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
          .execute();
      }
    });
  }

  /**
   * A right answer clears the ID's count (not the address's); within `trx` when given, else as
   * an ephemeral write of its own.
   */
  async recordSuccess(subject: Subject, trx?: Kysely<Database>): Promise<void> {
    const clear = (executor: Kysely<Database>) =>
      executor.deleteFrom('auth_failures').where('subject', '=', subject.key).execute();
    await (trx === undefined ? this.writeEphemeral(clear) : clear(trx));
  }

  async purgeExpired(): Promise<void> {
    const now = this.now();
    const oldest = Math.max(DEFAULT_ID_POLICY.windowMinutes, DEFAULT_IP_POLICY.windowMinutes);
    await this.writeEphemeral((trx) =>
      trx
        .deleteFrom('auth_failures')
        .where('window_started_at', '<', new Date(now.getTime() - minutes(oldest)).toISOString())
        .where((eb) =>
          eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
        )
        .execute(),
    );
  }
}
