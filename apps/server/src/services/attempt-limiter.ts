import { sql, type Kysely } from 'kysely';
import type { EphemeralWriter } from '../db/database';
import { PreparedStatements } from '../db/prepared-statements';
import type { Database } from '../db/schema';

export interface LockoutPolicy {
  /** Wrong guesses within the window that lock the subject. */
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/**
 * The lockouts of authorize (docs/behaviour.md#lockouts). Wrong answers are counted three
 * ways, so that a guesser is stopped without shutting the member out:
 *
 * - per ID and client address (a Notice ID or reference code from one address): 5 wrong
 *   answers within 15 minutes lock that address out of that ID for 15 minutes. This is the
 *   hard lock a guesser meets; the member at another address is not touched by it.
 * - per ID across every address: counted over the hour, never locked, so nobody can shut the
 *   member out. Once the ID has 5 wrong answers within the hour, each further test of it
 *   costs more (RisingCostPolicy): a proof of work that doubles with every further wrong
 *   answer up to a bound a phone solves in a few seconds, and a wait before the answer.
 * - per client address across IDs: 50 wrong answers within 15 minutes lock the address, since
 *   several claimants may share one (a household, an office) but one machine must not walk
 *   through the class list.
 */
export const DEFAULT_PAIR_POLICY: LockoutPolicy = {
  maxFailures: 5,
  windowMinutes: 15,
  lockMinutes: 15,
};
export const DEFAULT_IP_POLICY: LockoutPolicy = {
  maxFailures: 50,
  windowMinutes: 15,
  lockMinutes: 15,
};

/**
 * What a test of an ID costs once the ID has had afterFailures wrong answers within the
 * window, from any addresses: the captcha's proof of work must have been asked with a bound
 * (maxNumber) of the ordinary one doubled for each wrong answer from afterFailures on, at most
 * maxNumber; and the answer waits delayMs, right and wrong alike.
 */
export interface RisingCostPolicy {
  afterFailures: number;
  windowMinutes: number;
  maxNumber: number;
  delayMs: number;
}
export const DEFAULT_ID_COST: RisingCostPolicy = {
  afterFailures: 5,
  windowMinutes: 60,
  maxNumber: 1_000_000,
  delayMs: 3_000,
};

/** A count that never locks: the per-ID count only sets the cost of a test. */
const NEVER_LOCKS = 2 ** 31 - 1;

/** The per-ID count as the limiter keeps it: counted over the window, never locked. */
export function countOnlyPolicy(cost: RisingCostPolicy): LockoutPolicy {
  return { maxFailures: NEVER_LOCKS, windowMinutes: cost.windowMinutes, lockMinutes: 0 };
}

/**
 * The proof-of-work bound a test of an ID needs, given the ID's wrong answers within the window
 * before this test and the bound of an ordinary challenge; the ordinary bound while the ID has
 * fewer than afterFailures.
 */
export function requiredMaxNumber(
  failuresBefore: number,
  baseMaxNumber: number,
  cost: RisingCostPolicy,
): number {
  if (failuresBefore < cost.afterFailures) return baseMaxNumber;
  const doublings = Math.min(32, failuresBefore - cost.afterFailures + 1);
  return Math.max(baseMaxNumber, Math.min(cost.maxNumber, baseMaxNumber * 2 ** doublings));
}

/** The lockout settings authorize runs with; tests lower them. */
export interface LockoutSettings {
  /** Per ID and client address: the hard lock. */
  pair?: LockoutPolicy;
  /** Per ID across addresses: the rising cost. */
  idCost?: RisingCostPolicy;
  /** Per client address across IDs. */
  ip?: LockoutPolicy;
}

export interface Subject {
  key: string;
  policy: LockoutPolicy;
}

/** What reserve did: the attempt taken, with each subject's count, or refused by a lock. */
export type Reservation =
  | { taken: true; counts: ReadonlyMap<string, number> }
  | { taken: false; lockedUntil: Date; refusedBy: Subject };

const minutes = (count: number) => count * 60_000;

/** One order for every request, so two transactions never wait for each other's rows. */
function inKeyOrder(subjects: readonly Subject[]): Subject[] {
  return [...subjects].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The limiter's statements on the way of every authorize, each built and compiled by Kysely once
 * per shape and run again with each request's values (db/prepared-statements.ts): a subject's
 * key, and its policy's window start, lock end and limit, are arguments, not part of the
 * statement.
 */
const attemptsTaken = new PreparedStatements<{ failures: number }>();
const attemptsGivenBack = new PreparedStatements();
const countsCleared = new PreparedStatements();
const locks = new PreparedStatements<{ until: string | null }>();

/** Thrown inside the reserving transaction to roll it back when a subject has no attempt left. */
class NoAttemptLeft extends Error {
  override name = 'NoAttemptLeft';
}

/** Thrown inside the reserving transaction to roll it back when its companion write refused. */
class AlongsideRefused extends Error {
  override name = 'AlongsideRefused';
}

/**
 * Counts guesses in the database, so every server instance enforces the same limits. A guess
 * takes an attempt before its answer is looked at (reserve), counted as a wrong guess from that
 * moment, in one atomic statement per subject that refuses once the limit is reached: however
 * many guesses arrive at once, on however many instances, at most maxFailures of them are
 * checked. A guess that turns out not to be a wrong one gives its attempt back.
 *
 * Counts are written with the ephemeral writer: a power loss may forget the last moments of
 * counting, which gives back at most a few guesses per ID, and only on an event no guesser
 * controls.
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
    const args = [...subjects.map((subject) => subject.key), this.now().toISOString()];
    // One statement per number of subjects: the `in` list has a placeholder for each.
    const { rows } = await locks.execute(this.db, String(subjects.length), args, (arg) =>
      this.db
        .selectFrom('auth_failures')
        .select((eb) => eb.fn.max('locked_until').as('until'))
        .where(
          'subject',
          'in',
          subjects.map((_, index) => arg(index) as string),
        )
        .where('locked_until', '>', arg(subjects.length) as string)
        .compile(),
    );
    const until = rows[0]?.until;
    return until ? new Date(until) : null;
  }

  /**
   * Takes one attempt from every subject, or from none. Taken: the wrong answers each subject
   * now counts, this attempt included. Refused: when the lock that refused it ends, and which
   * subject it was. The attempt that reaches a subject's limit locks it at once, so the
   * guesses that follow are refused while the last ones are still being checked.
   *
   * `alongside`, when given, runs in the same transaction once every attempt is taken, and the
   * attempts stand only if it answers true (authorize spends the captcha token there, so a
   * sign-in commits once before its answer is looked at); null when it answered false, and
   * then nothing was counted. When a lock refuses the attempt, `alongside` does not run.
   */
  async reserve(subjects: readonly Subject[]): Promise<Reservation>;
  async reserve(
    subjects: readonly Subject[],
    alongside: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<Reservation | null>;
  async reserve(
    subjects: readonly Subject[],
    alongside?: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<Reservation | null> {
    const now = this.now();
    const nowIso = now.toISOString();
    const ordered = inKeyOrder(subjects);
    const counts = new Map<string, number>();
    try {
      await this.writeEphemeral(async (trx) => {
        for (const { key, policy } of ordered) {
          const windowStart = new Date(now.getTime() - minutes(policy.windowMinutes)).toISOString();
          const lockEnd = new Date(now.getTime() + minutes(policy.lockMinutes)).toISOString();
          const args = [
            key,
            nowIso,
            policy.maxFailures <= 1 ? lockEnd : null,
            windowStart,
            lockEnd,
            policy.maxFailures,
          ];
          const { rows } = await attemptsTaken.execute(trx, 'take', args, (arg) => {
            const [subject, at, lockedAtOnce, windowStarted, lockEnds, maxFailures] = args.map(
              (_, index) => arg(index),
            );
            // A window that has run out, or a lock that has, starts the count again.
            const fresh = sql<boolean>`(auth_failures.window_started_at <= ${windowStarted} or auth_failures.locked_until <= ${at})`;
            const count = sql<number>`case when ${fresh} then 1 else auth_failures.failures + 1 end`;
            return trx
              .insertInto('auth_failures')
              .values({
                subject: subject as string,
                failures: 1,
                window_started_at: at as string,
                locked_until: lockedAtOnce as string | null,
              })
              .onConflict((conflict) =>
                conflict
                  .column('subject')
                  .doUpdateSet({
                    failures: count,
                    window_started_at: sql`case when ${fresh} then ${at} else auth_failures.window_started_at end`,
                    locked_until: sql`case when ${count} >= ${maxFailures} then ${lockEnds} else null end`,
                  })
                  .where(
                    sql<boolean>`${fresh} or (auth_failures.failures < ${maxFailures} and auth_failures.locked_until is null)`,
                  ),
              )
              .returning('failures')
              .compile();
          });
          const taken = rows[0];
          if (taken === undefined) throw new NoAttemptLeft(key);
          counts.set(key, Number(taken.failures));
        }
        if (alongside !== undefined && !(await alongside(trx))) throw new AlongsideRefused();
      });
      return { taken: true, counts };
    } catch (error) {
      if (error instanceof AlongsideRefused) return null;
      if (!(error instanceof NoAttemptLeft)) throw error;
      const refusedBy = subjects.find((subject) => subject.key === error.message) ?? subjects[0]!;
      const until =
        (await this.lockedUntil(subjects)) ??
        new Date(now.getTime() + minutes(refusedBy.policy.lockMinutes));
      return { taken: false, lockedUntil: until, refusedBy };
    }
  }

  /**
   * Gives back the attempts the subjects reserved for a guess that was not a wrong one (a
   * Lookup of a vehicle that is simply not eligible, a right answer); within `trx` when
   * given, else as an ephemeral write of its own. A lock the attempt set is lifted with it.
   */
  async giveBack(subjects: readonly Subject[], trx?: Kysely<Database>): Promise<void> {
    const release = async (executor: Kysely<Database>) => {
      for (const { key, policy } of inKeyOrder(subjects)) {
        await attemptsGivenBack.execute(executor, 'give back', [policy.maxFailures, key], (arg) =>
          executor
            .updateTable('auth_failures')
            .set({
              failures: sql`auth_failures.failures - 1`,
              locked_until: sql`case when auth_failures.failures - 1 < ${arg(0)} then null else auth_failures.locked_until end`,
            })
            .where('subject', '=', arg(1) as string)
            .where('failures', '>', 0)
            .compile(),
        );
      }
    };
    await (trx === undefined ? this.writeEphemeral(release) : release(trx));
  }

  /**
   * A right answer clears the count of the ID from that address; within `trx` when given, else
   * as an ephemeral write of its own.
   */
  async clear(subject: Subject, trx?: Kysely<Database>): Promise<void> {
    const clear = (executor: Kysely<Database>) =>
      countsCleared.execute(executor, 'clear', [subject.key], (arg) =>
        executor
          .deleteFrom('auth_failures')
          .where('subject', '=', arg(0) as string)
          .compile(),
      );
    await (trx === undefined ? this.writeEphemeral(clear) : clear(trx));
  }

  async purgeExpired(): Promise<void> {
    const now = this.now();
    const oldest = Math.max(
      ...[DEFAULT_PAIR_POLICY, countOnlyPolicy(DEFAULT_ID_COST), DEFAULT_IP_POLICY].map(
        (policy) => policy.windowMinutes,
      ),
    );
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
