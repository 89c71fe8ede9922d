import { describe, expect, it } from 'vitest';
import { SeededRandom } from './seeded-random';

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed', () => {
    const first = new SeededRandom(42);
    const second = new SeededRandom(42);
    expect(Array.from({ length: 5 }, () => first.next())).toEqual(
      Array.from({ length: 5 }, () => second.next()),
    );
  });

  it('gives different sequences for different seeds', () => {
    expect(new SeededRandom(1).next()).not.toBe(new SeededRandom(2).next());
  });

  it('keeps integers within the bounds, both included', () => {
    const random = new SeededRandom(7);
    const values = new Set(Array.from({ length: 500 }, () => random.int(3, 5)));
    expect([...values].sort()).toEqual([3, 4, 5]);
  });

  it('writes the number of digits asked for', () => {
    expect(new SeededRandom(9).digits(6)).toMatch(/^[0-9]{6}$/);
  });

  it('refuses a seed that is not an integer', () => {
    expect(() => new SeededRandom(1.5)).toThrow('seed 1.5 is not valid');
  });
});
