import { createHash } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { assertAltchaOptions, createAltchaChallenge, verifyAltchaPayload } from './altcha';
import type { AltchaOptions } from './altcha';
import { DEFAULT_SITEVERIFY_URLS, siteverify } from './siteverify';

export const CAPTCHA_PROVIDERS = ['HCaptcha', 'GoogleReCaptcha', 'Altcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Remembers captcha tokens already spent, so each is accepted once. */
export interface UsedTokenStore {
  /**
   * Records the hash and answers true, or answers false when it was already recorded.
   * Must be atomic (an insert that fails on a duplicate key): the verifier relies on it alone
   * to stop two concurrent requests carrying one token.
   */
  markUsed(tokenHash: string, expiresAt: Date): Promise<boolean>;
}

export interface CaptchaOptions {
  provider: CaptchaProvider;
  siteKey: string;
  secret: string;
  /** siteverify URL of the hosted providers; defaults to the provider's real endpoint. */
  verifyUrl?: string;
  /** When set, a hosted provider's answer must name this hostname. */
  expectedHostname?: string;
  /** Required for the Altcha provider. */
  altcha?: AltchaOptions;
  /**
   * Altcha only: the work a client address is asked for (captcha/risk-friction.ts); the
   * ordinary bound for every address when absent.
   */
  boundFor?: (ip: string) => Promise<number>;
  fetch?: typeof fetch;
  /** How long siteverify may take before the token is refused; 5000 ms by default. */
  timeoutMs?: number;
}

/** maxNumber: the work a solved proof of work asked for (self-hosted provider only). */
export type CaptchaResult = { ok: true; maxNumber?: number } | { ok: false; reason: string };

/** The self-hosted provider's harder challenges, for the stronger check of a hot ID. */
export interface ProofOfWork {
  /** The bound of an ordinary challenge. */
  readonly baseMaxNumber: number;
  /** The bound a client address is asked for: the ordinary one, raised for a busy address. */
  boundFor(ip: string): Promise<number>;
  challenge(maxNumber: number): Promise<Challenge>;
}

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  readonly siteKey: string;
  /** Present for the self-hosted provider only. */
  readonly proofOfWork?: ProofOfWork;
  /**
   * Store failures (UsedTokenStore) are thrown, not turned into a refusal. `spendChecked`:
   * where the self-hosted provider records a token it has checked, in place of the store's
   * markUsed and with its contract, so the caller can record it together with writes of its
   * own; hosted providers record a token before asking the provider, always in the store.
   */
  verify(
    token: string,
    remoteIp?: string,
    spendChecked?: UsedTokenStore['markUsed'],
  ): Promise<CaptchaResult>;
}

const DEFAULT_TIMEOUT_MS = 5000;
/** Far longer than the providers accept a token (hCaptcha and reCAPTCHA: 2 minutes). */
const HOSTED_TOKEN_RETENTION_MS = 10 * 60 * 1000;
/** Real tokens are a few kilobytes at most; longer input is refused before any work. */
export const MAX_CAPTCHA_TOKEN_LENGTH = 16_384;

export function isCaptchaProvider(value: unknown): value is CaptchaProvider {
  return typeof value === 'string' && (CAPTCHA_PROVIDERS as readonly string[]).includes(value);
}

export function createCaptchaVerifier(
  options: CaptchaOptions,
  usedTokens: UsedTokenStore,
): CaptchaVerifier {
  const { provider, siteKey } = options;
  if (!isCaptchaProvider(provider)) {
    throw new Error(
      `unexpected captcha provider "${String(provider)}"; expected one of ${CAPTCHA_PROVIDERS.join(', ')}`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new Error(
      `captcha timeoutMs ${timeoutMs} is not valid; expected a whole number of ms above 0`,
    );
  }

  if (provider === 'Altcha') {
    const altcha = options.altcha;
    if (altcha === undefined) {
      throw new Error(
        'captcha provider "Altcha" needs altcha options (hmacKey, maxNumber, expiresInSeconds)',
      );
    }
    assertAltchaOptions(altcha);
    return {
      provider,
      siteKey,
      proofOfWork: {
        baseMaxNumber: altcha.maxNumber,
        boundFor: options.boundFor ?? (() => Promise.resolve(altcha.maxNumber)),
        challenge: (maxNumber) => createAltchaChallenge(altcha, new Date(), maxNumber),
      },
      async verify(token, _remoteIp, spendChecked) {
        const refusal = checkTokenShape(token);
        if (refusal !== null) return refusal;
        // Verify first, then record: the check is local and has no side effects, so a forged
        // payload never writes to the store, and the atomic markUsed still lets only one of
        // several concurrent copies of a valid payload through. The challenge (not the payload
        // text) is what gets spent, so a re-encoded copy of one solution is a replay too.
        const result = await verifyAltchaPayload(token, altcha);
        if (!result.ok) return result;
        const spend = spendChecked ?? usedTokens.markUsed.bind(usedTokens);
        const fresh = await spend(
          hashToken(`altcha-challenge:${result.challengeId}`),
          result.expiresAt,
        );
        return fresh
          ? { ok: true, maxNumber: result.maxNumber }
          : { ok: false, reason: 'captcha token was already used' };
      },
    };
  }

  if (options.secret === '') {
    throw new Error(`captcha provider "${provider}" needs its secret`);
  }
  if (siteKey === '') {
    throw new Error(`captcha provider "${provider}" needs its site key`);
  }
  const url = options.verifyUrl ?? DEFAULT_SITEVERIFY_URLS[provider];
  const fetchImpl = options.fetch ?? fetch;
  return {
    provider,
    siteKey,
    async verify(token, remoteIp) {
      const refusal = checkTokenShape(token);
      if (refusal !== null) return refusal;
      // Record first, then ask the provider: the atomic markUsed admits exactly one request per
      // token, so concurrent copies never reach siteverify together, and replay protection does
      // not depend on the provider's own duplicate detection. Spending a token the provider
      // then refuses costs nothing: the provider accepts each token once anyway.
      const fresh = await usedTokens.markUsed(
        hashToken(token),
        new Date(Date.now() + HOSTED_TOKEN_RETENTION_MS),
      );
      if (!fresh) return { ok: false, reason: 'captcha token was already used' };
      return siteverify({
        provider,
        url,
        secret: options.secret,
        siteKey,
        token,
        remoteIp,
        expectedHostname: options.expectedHostname,
        fetch: fetchImpl,
        timeoutMs,
      });
    },
  };
}

/** SHA-256 hex: the store never holds a usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function checkTokenShape(token: string): CaptchaResult | null {
  if (typeof token !== 'string' || token.trim() === '') {
    return { ok: false, reason: 'captcha token is missing' };
  }
  if (token.length > MAX_CAPTCHA_TOKEN_LENGTH) {
    return {
      ok: false,
      reason: `captcha token is ${token.length} characters long; at most ${MAX_CAPTCHA_TOKEN_LENGTH} are allowed`,
    };
  }
  return null;
}
