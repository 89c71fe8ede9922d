import { describe, expect, it } from 'vitest';
import { MASK_TOKENS } from './masks';
import { patternMaskRunner } from './pattern-mask';

describe('patternMaskRunner', () => {
  it('takes an escaped token character as a fixed character', () => {
    const mask = patternMaskRunner('\\0-00', MASK_TOKENS);
    expect([mask.apply('12'), mask.isComplete('0-12')]).toEqual(['0-12', true]);
  });

  it('treats an optional part as all or nothing', () => {
    const mask = patternMaskRunner('aa[00]', MASK_TOKENS);
    expect(['AB', 'AB1', 'AB12'].map((value) => mask.isComplete(value))).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('stops at the end of the pattern', () => {
    expect(patternMaskRunner('**', MASK_TOKENS).apply('abc')).toBe('ab');
  });

  it.each(['0[0', '00]', '[0[0]]'])('refuses the unbalanced pattern %j', (pattern) => {
    expect(() => patternMaskRunner(pattern, MASK_TOKENS)).toThrow(/optional bracket/);
  });

  it('refuses imask blocks, which no product mask uses', () => {
    expect(() => patternMaskRunner('{00}', MASK_TOKENS)).toThrow(
      'mask pattern "{00}" uses "{"; supported: tokens, fixed characters, [optional], \\escape',
    );
  });

  it('refuses a token with flags', () => {
    expect(() => patternMaskRunner('x', { x: /[a-z]/i })).toThrow(
      'mask token "x" has flags "i"; tokens must have none',
    );
  });
});
