import { IMask } from 'react-imask';
import { describe, expect, it } from 'vitest';
import { applyMask, conformsToMask, getMask, MASK_NAMES } from '@claims/core/masks/masks';

/** What imask shows and whether it calls the entry complete, once `typed` is typed key by key. */
function imaskTyping(name: string, typed: string): { value: string; complete: boolean } {
  const options = getMask(name);
  if (!options) throw new Error(`the mask type "${name}" has no mask`);
  const masked = IMask.createMask(options as Parameters<typeof IMask.createMask>[0]);
  for (const char of typed) masked.append(char, { input: true });
  return { value: masked.value, complete: masked.isComplete };
}

const TYPED: Readonly<Record<string, readonly string[]>> = {
  usZip: ['1234', '12345', '123456', '1234567', '12345-67', '123456789', '12345-6789', '12345-'],
  usPhone: ['12345', '1234567890', '(123) 456-7890', '123-456-78', '12345678901'],
  date: ['0315', '03152024', '03/15/2024', '3/15/2024'],
  vin: ['1hgcm8', '1HGCM82633A004352', '1HGCM82633A0043521', 'IOQ-1'],
  nonUsZip: ['SW1A 1AA', 'K1A-0B1', 'ABCDEFGHIJKL'],
  internationalPhone: ['+44 20 7946 0958', '12345678901234567'],
  decimal: ['12.5', '1.2.3', '.5'],
};

const maskedTypes = MASK_NAMES.filter((name) => name !== '' && !name.startsWith('currency'));

describe('the masks of packages/core in imask', () => {
  it('cover every pattern and text mask type', () => {
    expect(Object.keys(TYPED).sort()).toEqual([...maskedTypes].sort());
  });

  // The browser shows what imask makes of the keys and the rule engine checks that value with
  // packages/core: both must agree on the value and on whether it is finished.
  it.each(Object.entries(TYPED).flatMap(([name, inputs]) => inputs.map((typed) => [name, typed])))(
    '%s: typing %j gives the same value and completeness in imask as in core',
    (name, typed) => {
      const shown = applyMask(name, typed);
      expect(imaskTyping(name, typed)).toEqual({
        value: shown,
        complete: conformsToMask(name, shown) && shown !== '',
      });
    },
  );
});
