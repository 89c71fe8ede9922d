import { describe, expect, it } from 'vitest';
import {
  NONE_OPTION_VALUE,
  remoteModelConfigSchema,
  type RemoteModelConfig,
} from '@claims/core/case/field-config';
import { checkModel } from './model-checks';

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

const config: RemoteModelConfig = remoteModelConfigSchema.parse({
  metadataHash: 'hash',
  metadata: { formType: 'Standard', dtoMapping: 'ClaimDetails' },
  fields: {
    hadRepairs: {
      key: 'hadRepairs',
      kind: 'radio',
      options: yesNo,
      noneOption: { label: 'Not sure' },
    },
    stillOwned: { key: 'stillOwned', kind: 'radio', options: yesNo },
  },
});

const ctx = {
  characterWhitelist: null,
  now: new Date('2027-03-05T20:00:00Z'),
  side: 'server' as const,
};

describe('checkModel options', () => {
  it('accepts the none value on a radio with a none option', () => {
    const checked = checkModel(config, { hadRepairs: NONE_OPTION_VALUE, stillOwned: 'Yes' }, ctx);
    expect(checked.problems).toEqual([]);
    expect(checked.values.hadRepairs).toBe(NONE_OPTION_VALUE);
  });

  it('refuses the none value on a radio without a none option, listing its options', () => {
    const checked = checkModel(config, { hadRepairs: 'Yes', stillOwned: NONE_OPTION_VALUE }, ctx);
    expect(checked.problems).toEqual([
      {
        field: 'stillOwned',
        rule: 'options',
        message: 'unexpected value "None"; expected one of Yes, No',
      },
    ]);
  });

  it('lists the none value among the expected values of a radio with a none option', () => {
    const checked = checkModel(config, { hadRepairs: 'Maybe', stillOwned: 'No' }, ctx);
    expect(checked.problems[0]?.message).toBe(
      'unexpected value "Maybe"; expected one of Yes, No, None',
    );
  });
});
