import { describe, expect, it } from 'vitest';
import { numberMaskRunner, type NumberMaskOptions } from './number-mask';

const options: NumberMaskOptions = {
  mask: Number,
  scale: 2,
  thousandsSeparator: ' ',
  radix: ',',
  mapToRadix: ['.', ','],
  min: 10,
  max: 1000,
  normalizeZeros: false,
  padFractionalZeros: false,
};

describe('numberMaskRunner', () => {
  it('maps the listed characters to the radix', () => {
    expect(numberMaskRunner(options).apply('12.5')).toBe('12,5');
  });

  it('keeps zeros when normalizeZeros is off', () => {
    expect(numberMaskRunner(options).apply('12,50')).toBe('12,50');
  });

  it('refuses digits that would exceed max', () => {
    expect(numberMaskRunner(options).apply('10000')).toBe('1 000');
  });

  it('does not count a value below min as finished', () => {
    expect(numberMaskRunner(options).isComplete('5')).toBe(false);
  });

  it('refuses a negative min', () => {
    expect(() => numberMaskRunner({ ...options, min: -1 })).toThrow(
      'number mask min -1 is negative; number masks are unsigned',
    );
  });
});
