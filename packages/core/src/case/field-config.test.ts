import { describe, expect, it } from 'vitest';
import { allowedOptionValues, fieldConfigSchema, NONE_OPTION_VALUE } from './field-config';

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

describe('allowedOptionValues', () => {
  it('lists the option values of a field without a none option', () => {
    const field = fieldConfigSchema.parse({ key: 'owned', kind: 'radio', options: yesNo });
    expect(allowedOptionValues(field)).toEqual(['Yes', 'No']);
  });

  it('adds the none value for a radio with a none option', () => {
    const field = fieldConfigSchema.parse({
      key: 'hadRepairs',
      kind: 'radio',
      options: yesNo,
      noneOption: { label: 'Not sure' },
    });
    expect(allowedOptionValues(field)).toEqual(['Yes', 'No', NONE_OPTION_VALUE]);
  });

  it('stores the none choice as "None"', () => {
    expect(NONE_OPTION_VALUE).toBe('None');
  });
});
