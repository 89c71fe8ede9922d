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

describe('checkModel kinds', () => {
  const claimant: RemoteModelConfig = remoteModelConfigSchema.parse({
    metadataHash: 'claimant',
    metadata: { formType: 'Standard', dtoMapping: 'ClaimantInfo' },
    fields: {
      mailingCountry: {
        key: 'mailingCountry',
        kind: 'select',
        validations: [{ type: 'required' }],
      },
      confirmEmailAddress: { key: 'confirmEmailAddress' },
      notes: { key: 'notes', kind: 'textarea' },
      attestation: { key: 'attestation', kind: 'checkbox' },
      repairDate: { key: 'repairDate', kind: 'date' },
      document: { key: 'document', kind: 'file' },
      dispositionDate: {
        key: 'dispositionDate',
        kind: 'date',
        dependencies: [
          { conditions: [{ property: 'mailingCountry', comparison: 'IsEqualTo', value: 'GB' }] },
        ],
      },
    },
  });

  const problemsOf = (values: Record<string, unknown>) =>
    checkModel(claimant, { mailingCountry: 'US', ...values }, ctx).problems;

  it('refuses markup as the mailing country, listing the countries the site offers', () => {
    const [problem, ...others] = problemsOf({ mailingCountry: '<script>alert(1)</script>' });
    expect(others).toEqual([]);
    expect(problem?.field).toBe('mailingCountry');
    expect(problem?.rule).toBe('options');
    expect(problem?.message).toMatch(
      /^unexpected value "<script>alert\(1\)<\/script>"; expected one of AF, AL, /,
    );
    expect(problem?.message).toContain(', GB, US, ');
  });

  it('keeps a mailing country of the list', () => {
    const checked = checkModel(claimant, { mailingCountry: 'GB' }, ctx);
    expect(checked.problems).toEqual([]);
    expect(checked.values.mailingCountry).toBe('GB');
  });

  it('refuses 60,000 characters in a text field that declares no rule', () => {
    expect(problemsOf({ confirmEmailAddress: 'a'.repeat(60_000) })).toEqual([
      {
        field: 'confirmEmailAddress',
        rule: 'maxLength',
        message: 'The maximum length allowed is 500',
      },
    ]);
  });

  it('refuses a textarea longer than 4,000 characters and keeps one of 4,000', () => {
    expect(problemsOf({ notes: 'a'.repeat(4000) })).toEqual([]);
    expect(problemsOf({ notes: 'a'.repeat(4001) }).map((problem) => problem.rule)).toEqual([
      'maxLength',
    ]);
  });

  it('refuses a checkbox that is not true or false', () => {
    expect(problemsOf({ attestation: 'yes' })).toEqual([
      { field: 'attestation', rule: 'type', message: 'expected true or false' },
    ]);
  });

  it('refuses a day that does not exist', () => {
    expect(problemsOf({ repairDate: '02/30/2024' })).toEqual([
      { field: 'repairDate', rule: 'date', message: 'Enter the date as mm/dd/yyyy' },
    ]);
  });

  it('refuses a file field that does not hold a file\u2019s metadata', () => {
    expect(problemsOf({ document: 'invoice.pdf' })).toEqual([
      {
        field: 'document',
        rule: 'type',
        message: 'expected the file name, size and type of one file',
      },
    ]);
    expect(problemsOf({ document: { name: 'a.pdf', size: 10, type: 'application/pdf' } })).toEqual(
      [],
    );
  });

  it('runs no rule on a model with a value of the wrong kind', () => {
    expect(problemsOf({ mailingCountry: '', attestation: 1 })).toEqual([
      { field: 'attestation', rule: 'type', message: 'expected true or false' },
    ]);
  });

  it('leaves out and clears a hidden field whatever it holds', () => {
    const checked = checkModel(
      claimant,
      { mailingCountry: 'US', dispositionDate: 'x'.repeat(9) },
      ctx,
    );
    expect(checked.problems).toEqual([]);
    expect(checked.values.dispositionDate).toBeNull();
  });
});
