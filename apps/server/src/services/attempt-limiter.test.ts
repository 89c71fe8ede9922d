import { describe, expect, it } from 'vitest';
import { DEFAULT_ID_COST, requiredMaxNumber } from './attempt-limiter';

describe('requiredMaxNumber', () => {
  it('asks for the ordinary proof of work while an ID has fewer than five wrong answers', () => {
    expect(requiredMaxNumber(4, 50_000, DEFAULT_ID_COST)).toBe(50_000);
  });

  it('doubles the proof of work with each wrong answer from the fifth on', () => {
    expect(
      [5, 6, 7, 8].map((failures) => requiredMaxNumber(failures, 50_000, DEFAULT_ID_COST)),
    ).toEqual([100_000, 200_000, 400_000, 800_000]);
  });

  it('never asks for more than the bound a phone solves in a few seconds', () => {
    expect(requiredMaxNumber(9, 50_000, DEFAULT_ID_COST)).toBe(1_000_000);
    expect(requiredMaxNumber(10_000, 50_000, DEFAULT_ID_COST)).toBe(1_000_000);
  });

  it('keeps a case\u2019s ordinary proof of work when it already asks for more than the bound', () => {
    expect(requiredMaxNumber(20, 2_000_000, DEFAULT_ID_COST)).toBe(2_000_000);
  });
});
