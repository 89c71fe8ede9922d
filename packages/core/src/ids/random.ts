/** Returns n random bytes. Injectable so tests can make ids deterministic. */
export type RandomSource = (n: number) => Uint8Array;

/** Cryptographically strong bytes from Web Crypto, present in browsers and in Node 20. */
export const cryptoRandom: RandomSource = (n) => {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
};

/**
 * `length` characters drawn uniformly from `alphabet`. Bytes at or above the largest multiple
 * of the alphabet size are discarded rather than reduced, so no character is more likely
 * than another (modulo bias would make ids easier to guess).
 */
export function randomString(alphabet: string, length: number, random: RandomSource): string {
  const size = alphabet.length;
  if (size < 2 || size > 256) {
    throw new Error(`alphabet of ${size} characters; expected 2 to 256`);
  }
  const limit = 256 - (256 % size);
  let result = '';
  // A source that only returns rejected bytes would loop for ever; cap the rounds.
  for (let round = 0; result.length < length; round += 1) {
    if (round >= 100) {
      throw new Error('random source returned no usable bytes in 100 rounds');
    }
    const bytes = random(length - result.length);
    if (!(bytes instanceof Uint8Array)) {
      throw new Error('random source must return a Uint8Array');
    }
    for (const byte of bytes) {
      if (byte < limit && result.length < length) result += alphabet[byte % size];
    }
  }
  return result;
}
