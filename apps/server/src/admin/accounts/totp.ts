import { generateSecret, generateURI, verifySync } from 'otplib';

/** The TOTP parameters every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too: a phone's clock may be a little off. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret, period: PERIOD_SECONDS });
}

/**
 * The time step of the code when it is right for the secret at `now` and later than
 * `lastStep` (a code is never accepted twice); null otherwise.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = verifySync({
    secret,
    token: code,
    epoch,
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid) return null;
  return Math.floor(epoch / PERIOD_SECONDS) + result.delta;
}
