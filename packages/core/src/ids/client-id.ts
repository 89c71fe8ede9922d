import { cryptoRandom, randomString, type RandomSource } from './random';

/** Lower-case letters and digits without the look-alikes 0/o, 1/l/i. */
export const CLIENT_ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** docs/behaviour.md#models: the random suffix is 8 characters. */
export const CLIENT_ID_SUFFIX_LENGTH = 8;

const MAX_PREFIX_LENGTH = 40;

// Client ids name uploaded files in the multipart submission (docs/behaviour.md#submission), so the
// prefix is held to characters that are safe in a file name and a URL.
const PREFIX_PATTERN = new RegExp(`^[A-Za-z0-9_-]{0,${MAX_PREFIX_LENGTH}}$`);
const CLIENT_ID_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{0,${MAX_PREFIX_LENGTH}}[${CLIENT_ID_ALPHABET}]{${CLIENT_ID_SUFFIX_LENGTH}}$`,
);

/** A locally generated model id (docs/behaviour.md#models): prefix + 8 random characters. */
export function createClientId(prefix: string, random: RandomSource = cryptoRandom): string {
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new Error(
      `invalid client id prefix "${prefix}"; expected up to ${MAX_PREFIX_LENGTH} letters, digits, hyphens or underscores`,
    );
  }
  return prefix + randomString(CLIENT_ID_ALPHABET, CLIENT_ID_SUFFIX_LENGTH, random);
}

/** Whether `value` has the shape createClientId produces (with this prefix, when one is given). */
export function isClientId(value: unknown, prefix?: string): value is string {
  if (typeof value !== 'string' || !CLIENT_ID_PATTERN.test(value)) return false;
  if (prefix === undefined) return true;
  return value.length === prefix.length + CLIENT_ID_SUFFIX_LENGTH && value.startsWith(prefix);
}
