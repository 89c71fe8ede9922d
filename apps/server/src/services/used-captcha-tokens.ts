import type { Kysely } from 'kysely';
import type { EphemeralWriter } from '../db/database';
import { PreparedStatements } from '../db/prepared-statements';
import type { Database } from '../db/schema';

/**
 * The statements spending a token, run by every authorize: built and compiled by Kysely once,
 * then run with each token's values (db/prepared-statements.ts).
 */
const tokenInserts = new PreparedStatements();
const expiredTokenTakeovers = new PreparedStatements();

/**
 * Remembers spent captcha tokens in the database, so a token is accepted once across every
 * server instance (docs/architecture.md#captcha). Implements the captcha verifier's UsedTokenStore.
 *
 * Records are written with the ephemeral writer, so spending a token costs no fsync. The cost
 * of that: a power loss (not a crash of the server) may forget the last moments of spent
 * tokens, and a forgotten one could be replayed once more within its remaining life: an
 * ALTCHA challenge expires 10 minutes after it was issued, and hCaptcha and reCAPTCHA refuse
 * a second siteverify of a token themselves and expire it within 2 minutes. A replay still
 * needs valid credentials or an authorized session behind it, and the one-time pass that files
 * a claim is recorded in the claim's own durable transaction (captcha-pass.ts).
 */
export class UsedCaptchaTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly writeEphemeral: EphemeralWriter,
    private readonly now: () => Date,
  ) {}

  /**
   * Records the token; false when it was already recorded (and has not expired since).
   * Within `trx` when given (a claim's transaction), else as an ephemeral write of its own.
   */
  async markUsed(tokenHash: string, expiresAt: Date, trx?: Kysely<Database>): Promise<boolean> {
    const record = async (executor: Kysely<Database>) => {
      const expires = expiresAt.toISOString();
      const inserted = await tokenInserts.execute(executor, 'insert', [tokenHash, expires], (arg) =>
        executor
          .insertInto('used_captcha_tokens')
          .values({ token_hash: arg(0) as string, expires_at: arg(1) as string })
          .onConflict((conflict) => conflict.column('token_hash').doNothing())
          .compile(),
      );
      if ((inserted.numAffectedRows ?? 0n) > 0n) return true;
      // An expired entry is garbage that purging has not reached yet: a replay of such a token
      // is refused by its provider as expired, so it may be taken over.
      const taken = await expiredTokenTakeovers.execute(
        executor,
        'take over',
        [expires, tokenHash, this.now().toISOString()],
        (arg) =>
          executor
            .updateTable('used_captcha_tokens')
            .set({ expires_at: arg(0) as string })
            .where('token_hash', '=', arg(1) as string)
            .where('expires_at', '<=', arg(2) as string)
            .compile(),
      );
      return (taken.numAffectedRows ?? 0n) > 0n;
    };
    return trx === undefined ? this.writeEphemeral(record) : record(trx);
  }

  /** True when the token is recorded as spent (and has not expired since). */
  async isUsed(tokenHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('used_captcha_tokens')
      .select('token_hash')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', this.now().toISOString())
      .executeTakeFirst();
    return row !== undefined;
  }

  async purgeExpired(): Promise<void> {
    await this.writeEphemeral((trx) =>
      trx
        .deleteFrom('used_captcha_tokens')
        .where('expires_at', '<=', this.now().toISOString())
        .execute(),
    );
  }
}
