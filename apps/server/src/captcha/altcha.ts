import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { Challenge, Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Settings of the self-hosted proof-of-work captcha (ALTCHA). */
export interface AltchaOptions {
  /** Signs every challenge, so the browser cannot make its own. */
  hmacKey: string;
  /** Upper bound of the secret counter the browser must find: the worst-case work. */
  maxNumber: number;
  expiresInSeconds: number;
}

/**
 * One SHA-256 round per counter value, so maxNumber bounds the browser's work the way it did in
 * ALTCHA's first proof of work; the widget solves SHA-256 with its bundled worker.
 */
export const ALTCHA_ALGORITHM = 'SHA-256';
const ALTCHA_COST = 1;
const MAX_COUNTER = 0xffffffff;

export type AltchaVerification =
  | {
      ok: true;
      challengeId: string;
      expiresAt: Date;
      /** The bound of the solved challenge's counter: the work it asked for. */
      maxNumber: number;
    }
  | { ok: false; reason: string };

export function assertAltchaOptions(options: AltchaOptions): void {
  if (typeof options.hmacKey !== 'string' || options.hmacKey.length < 16) {
    throw new Error('altcha.hmacKey must be a secret of at least 16 characters');
  }
  if (!Number.isInteger(options.maxNumber) || options.maxNumber < 1) {
    throw new Error(
      `altcha.maxNumber ${String(options.maxNumber)} is not valid; expected an integer from 1 to ${MAX_COUNTER}`,
    );
  }
  if (options.maxNumber > MAX_COUNTER) {
    throw new Error(
      `altcha.maxNumber ${options.maxNumber} is too large; expected an integer from 1 to ${MAX_COUNTER}`,
    );
  }
  if (!Number.isInteger(options.expiresInSeconds) || options.expiresInSeconds < 1) {
    throw new Error(
      `altcha.expiresInSeconds ${String(options.expiresInSeconds)} is not valid; expected a whole number of seconds above 0`,
    );
  }
}

/**
 * A fresh signed challenge for the altcha widget (GET /api/captcha/challenge). A stronger
 * check (docs/behaviour.md#lockouts) asks for more work with a higher `maxNumber`, which the
 * challenge carries in its signed data so the answer says how much work it was solved with.
 */
export async function createAltchaChallenge(
  options: AltchaOptions,
  now: Date = new Date(),
  maxNumber: number = options.maxNumber,
): Promise<Challenge> {
  assertAltchaOptions(options);
  assertAltchaOptions({ ...options, maxNumber });
  const stronger = maxNumber > options.maxNumber;
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    // Deterministic mode: the server picks the counter, so the key prefix pins one answer. A
    // counter drawn evenly below the bound costs whoever solves it maxNumber / 2 hashes on
    // average, however they search.
    counter: randomInt(maxNumber, 0),
    ...(stronger ? { data: { maxNumber } } : {}),
    deriveKey,
    expiresAt: new Date(now.getTime() + options.expiresInSeconds * 1000),
    hmacSignatureSecret: options.hmacKey,
  });
}

/**
 * Checks the widget's base64 payload: shape, expiry, signature and solution. Replay is not
 * checked here; the caller records challengeId as used.
 */
export async function verifyAltchaPayload(
  payload: string,
  options: AltchaOptions,
): Promise<AltchaVerification> {
  const decoded = decodePayload(payload);
  if (decoded === null) {
    return { ok: false, reason: 'ALTCHA payload is not base64-encoded JSON of a solved challenge' };
  }
  const { challenge, solution } = decoded;
  const expiresAt = challenge.parameters.expiresAt;
  if (expiresAt === undefined) {
    return {
      ok: false,
      reason: 'ALTCHA challenge has no expiry; only server-issued challenges are accepted',
    };
  }
  let result;
  try {
    result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: options.hmacKey,
    });
  } catch {
    return { ok: false, reason: 'ALTCHA payload is malformed' };
  }
  if (result.expired) {
    return { ok: false, reason: 'ALTCHA challenge has expired; the widget must fetch a new one' };
  }
  if (result.invalidSignature) {
    return { ok: false, reason: 'ALTCHA challenge signature is invalid' };
  }
  if (!result.verified) {
    return { ok: false, reason: 'ALTCHA solution does not solve the challenge' };
  }
  const signedMaxNumber = challenge.parameters.data?.maxNumber;
  return {
    ok: true,
    challengeId: challenge.parameters.nonce,
    expiresAt: new Date(expiresAt * 1000),
    // The data is covered by the signature, so only the server can have raised the bound.
    maxNumber: typeof signedMaxNumber === 'number' ? signedMaxNumber : options.maxNumber,
  };
}

function decodePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return null;
  const { challenge, solution } = value;
  const parameters = challenge.parameters;
  if (
    !isRecord(parameters) ||
    typeof parameters.algorithm !== 'string' ||
    typeof parameters.nonce !== 'string' ||
    typeof parameters.salt !== 'string' ||
    typeof parameters.keyPrefix !== 'string' ||
    typeof parameters.cost !== 'number' ||
    typeof parameters.keyLength !== 'number' ||
    (parameters.expiresAt !== undefined && typeof parameters.expiresAt !== 'number') ||
    (parameters.data !== undefined && !isRecord(parameters.data)) ||
    typeof challenge.signature !== 'string' ||
    typeof solution.counter !== 'number' ||
    typeof solution.derivedKey !== 'string'
  ) {
    return null;
  }
  return {
    challenge: challenge as unknown as Challenge,
    solution: solution as unknown as Solution,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
