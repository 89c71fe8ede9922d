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

describe('checkModel masks', () => {
  const contact: RemoteModelConfig = remoteModelConfigSchema.parse({
    metadataHash: 'contact',
    metadata: { formType: 'Standard', dtoMapping: 'ClaimantInfo' },
    fields: {
      mailingCountry: { key: 'mailingCountry' },
      mailingPostalCode: { key: 'mailingPostalCode', maskName: 'usZip' },
      phoneNumber: {
        key: 'phoneNumber',
        maskName: 'usPhone',
        dependencies: [
          {
            conditions: [{ property: 'mailingCountry', comparison: 'IsNotEqualTo', value: 'US' }],
            hideWhenUnfulfilled: false,
            resetWhenUnfulfilled: false,
            maskOverride: 'internationalPhone',
          },
        ],
      },
    },
  });

  it('refuses a half-typed phone number with the message the browser shows', () => {
    const checked = checkModel(contact, { mailingCountry: 'US', phoneNumber: '(503) 55' }, ctx);
    expect(checked.problems).toEqual([
      {
        field: 'phoneNumber',
        rule: 'mask',
        message: 'Enter the complete value in this format: (213) 555-0147',
      },
    ]);
  });

  it('refuses a ZIP+4 cut short, as the browser does', () => {
    const checked = checkModel(
      contact,
      { mailingCountry: 'US', mailingPostalCode: '12345-67' },
      ctx,
    );
    expect(checked.problems.map((problem) => problem.rule)).toEqual(['mask']);
  });

  it('checks the mask override of a fulfilled dependency', () => {
    const checked = checkModel(contact, { mailingCountry: 'GB', phoneNumber: '442079460958' }, ctx);
    expect(checked.problems).toEqual([]);
  });
});
