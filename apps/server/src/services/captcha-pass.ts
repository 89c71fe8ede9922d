import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FormType } from '@claims/core/form-types';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashToken } from '../captcha/captcha-verifier';
import type { Database } from '../db/schema';
import type { Session } from './session-store';

/**
 * docs/behaviour.md#captcha: "A returned captcha value is kept as the previous captcha and sent
 * with the next submit." The authorize answer's `captcha` is a one-time pass the server issues
 * once the claimant has solved a captcha and authorized; the submit may present it as
 * captchaRawValue instead of (or beside) a fresh captcha token. The pass is random, only its
 * keyed hash is kept (in the session, for that form), and it is spent through the same store
 * that spends captcha tokens, so even two server instances handling two copies of one submit
 * at once let only one through. It covers the case where a long upload outlives the
 * provider's token lifetime, without ever letting one solved captcha file two claims.
 */
export function issueCaptchaPass(secret: string): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashPass(secret, value) };
}

function hashPass(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`captcha-pass:${value}`).digest('hex');
}

/** How long a spent pass is remembered: longer than any session can keep an unspent one. */
const SPENT_PASS_RETENTION_MS = 24 * 60 * 60_000;

function matchesPass(secret: string, value: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashPass(secret, value), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The spent-token store's key of a pass. */
function spentPassKey(passHash: string): string {
  return hashToken(`captcha-pass:${passHash}`);
}

export type CaptchaCheck =
  /** passHash: the pass the submit presented, which the caller must spend (spendCaptchaPass). */
  { ok: true; passHash: string | null } | { ok: false; reason: string };

/**
 * A submit passes with the form's unspent pass as captchaRawValue, or else with a captcha
 * token the verifier accepts (each token once). The pass is cleared from the session data
 * here but not yet recorded as spent: the caller records it with spendCaptchaPass, inside the
 * claim's transaction when the claim is filed (one commit for the claim, the pass and the
 * session), and on its own when the submit ends any other way, so a refused submit spends
 * its pass too.
 */
export async function checkSubmitCaptcha(
  app: FastifyInstance,
  session: Session,
  formType: FormType,
  input: { reCaptchaResponse: string; captchaRawValue: string | null; secret: string; ip: string },
): Promise<CaptchaCheck> {
  const { captchaRawValue, secret } = input;
  const passHash = session.data.authorizations[formType]?.captchaPassHash ?? null;
  if (
    captchaRawValue !== null &&
    passHash !== null &&
    matchesPass(secret, captchaRawValue, passHash)
  ) {
    session.clearCaptchaPass(formType);
    // Already spent by another submit of this session (on any instance): the token decides.
    if (!(await app.usedCaptchaTokens.isUsed(spentPassKey(passHash)))) {
      return { ok: true, passHash };
    }
  }
  if (input.reCaptchaResponse.trim() === '') {
    return { ok: false, reason: 'captcha token is missing' };
  }
  const result = await app.captcha.verify(input.reCaptchaResponse, input.ip);
  return result.ok ? { ok: true, passHash: null } : result;
}

/**
 * Records the pass as spent, within `trx` when given; false when another request spent it
 * first (the caller then refuses the submit).
 */
export function spendCaptchaPass(
  app: FastifyInstance,
  passHash: string,
  trx?: Kysely<Database>,
): Promise<boolean> {
  return app.usedCaptchaTokens.markUsed(
    spentPassKey(passHash),
    new Date(Date.now() + SPENT_PASS_RETENTION_MS),
    trx,
  );
}
