import { hash, verify } from '@node-rs/argon2';

/** The shortest password an account may have; a passphrase of a few words is longer. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/** Why a password cannot be set; null when it can. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  if (password.trim() !== password) return 'the password must not begin or end with a space';
  return null;
}

/** argon2id (the library's default algorithm) with OWASP's minimum cost: 19 MiB, 2 passes. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password is the one hashed. With no hash (no such account) a hash of a random
 * password is checked instead, so the answer takes as long either way.
 */
export async function passwordMatches(hashed: string | null, password: string): Promise<boolean> {
  if (hashed === null) {
    dummyHash ??= hashPassword(`no account ${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(hashed, password).catch(() => false);
}
