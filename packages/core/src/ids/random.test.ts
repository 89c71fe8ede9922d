import { describe, expect, it } from 'vitest';
import { cryptoRandom, randomString } from './random';

/** A source that replays the given bytes, in order, across calls. */
function replay(bytes: number[]) {
  let position = 0;
  return (n: number) => {
    const chunk = bytes.slice(position, position + n);
    position += n;
    return Uint8Array.from(chunk);
  };
}

describe('cryptoRandom', () => {
  it('returns the requested number of bytes', () => {
    expect(cryptoRandom(16)).toHaveLength(16);
  });

  it('returns different bytes on each call', () => {
    expect(cryptoRandom(16)).not.toEqual(cryptoRandom(16));
  });
});

describe('randomString', () => {
  it('maps bytes onto the alphabet by remainder', () => {
    expect(randomString('abc', 4, replay([0, 1, 2, 3]))).toBe('abca');
  });

  it('discards bytes that would favour the first characters', () => {
    // 256 % 3 = 1, so byte 255 is the one extra value and must be drawn again.
    expect(randomString('abc', 2, replay([255, 1, 2]))).toBe('bc');
  });

  it('fails instead of looping when the source never yields a usable byte', () => {
    expect(() => randomString('abc', 1, () => Uint8Array.from([255]))).toThrow(
      'random source returned no usable bytes in 100 rounds',
    );
  });

  it('refuses a source that does not return bytes', () => {
    const notBytes = (() => [1, 2]) as unknown as (n: number) => Uint8Array;
    expect(() => randomString('abc', 2, notBytes)).toThrow(
      'random source must return a Uint8Array',
    );
  });

  it('refuses an alphabet of fewer than two characters', () => {
    expect(() => randomString('a', 2, cryptoRandom)).toThrow(
      'alphabet of 1 characters; expected 2 to 256',
    );
  });

  it('draws every character of the alphabet over many draws', () => {
    const seen = new Set(randomString('abcdefgh', 2000, cryptoRandom));
    expect(seen.size).toBe(8);
  });
});
