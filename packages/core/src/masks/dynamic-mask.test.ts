import { describe, expect, it } from 'vitest';
import { dynamicMaskRunner } from './dynamic-mask';
import { MASK_TOKENS } from './masks';
import { patternMaskRunner } from './pattern-mask';

const zip = dynamicMaskRunner([
  patternMaskRunner('00000', MASK_TOKENS),
  patternMaskRunner('00000-0000', MASK_TOKENS),
]);

describe('dynamicMaskRunner', () => {
  it('uses the first alternative when several take the same input', () => {
    expect([zip.apply('12345'), zip.isComplete('12345')]).toEqual(['12345', true]);
  });

  it('moves to the longer alternative once the input goes beyond the first', () => {
    expect([zip.apply('123456'), zip.isComplete('12345-6')]).toEqual(['12345-6', false]);
  });

  it('counts a value complete only when its own alternative is complete', () => {
    expect(
      ['1234', '12345', '12345-67', '12345-6789'].map((value) => zip.isComplete(value)),
    ).toEqual([false, true, false, true]);
  });

  it('unmasks with the alternative the value selects', () => {
    expect(zip.unmask('12345-6789')).toBe('123456789');
  });

  it('needs at least one alternative', () => {
    expect(() => dynamicMaskRunner([])).toThrow('a dynamic mask needs at least one alternative');
  });
});
