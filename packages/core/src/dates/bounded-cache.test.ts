import { describe, expect, it, vi } from 'vitest';
import { boundedCache } from './bounded-cache';

describe('boundedCache', () => {
  it('computes a value once for the same key', () => {
    const cached = boundedCache<number>(4);
    const compute = vi.fn(() => 42);
    expect(cached('a', compute)).toBe(42);
    expect(cached('a', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps a computed null rather than computing it again', () => {
    const cached = boundedCache<number | null>(4);
    const compute = vi.fn(() => null);
    cached('x', compute);
    cached('x', compute);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('forgets the oldest entry once it holds its limit', () => {
    const cached = boundedCache<string>(2);
    cached('first', () => 'one');
    cached('second', () => 'two');
    cached('third', () => 'three');
    const again = vi.fn(() => 'one again');
    expect(cached('first', again)).toBe('one again');
    expect(cached('third', () => 'not used')).toBe('three');
  });

  it('refuses a limit that is not a whole number above 0', () => {
    expect(() => boundedCache(0)).toThrow(/whole number of entries above 0/);
    expect(() => boundedCache(1.5)).toThrow(/whole number of entries above 0/);
  });
});
