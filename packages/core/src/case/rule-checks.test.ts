import { describe, expect, it } from 'vitest';
import { parseCaseDefinition } from './parse-case';
import { CREDENTIALS, DOCUMENTS, minimalCaseWith, problemsOf } from './test-helpers';

describe('rule and dependency checks', () => {
  it('refuses a dependency on a file field', () => {
    const problems = problemsOf([
      [...DOCUMENTS, 'fields', 0, 'dependencies'],
      [{ conditions: [{ property: 'document', comparison: 'IsNotEqualTo' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields[0].dependencies[0].conditions[0].property: dependency on the file field "document"; dependencies on a file field are an error',
    ]);
  });

  it('refuses a field that depends on itself', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'dependencies'],
      [{ conditions: [{ property: 'noticeId', comparison: 'IsNotEqualTo' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[0].dependencies[0].conditions[0].property: field "noticeId" cannot depend on itself',
    ]);
  });

  it('refuses a rule that names a field its model lacks', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 1, 'validations', 1],
      {
        type: 'requiredIf',
        condition: { property: 'lastName', comparison: 'IsEqualTo', value: 'x' },
      },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].validations[1].condition.property: requiredIf names "lastName", which is not a field of its model; expected one of noticeId, pin',
    ]);
  });

  it('accepts a rule reference written in PascalCase', () => {
    const source = minimalCaseWith([
      [...CREDENTIALS, 'fields', 1, 'validations', 1],
      { type: 'requiredIf', condition: { property: 'NoticeId', comparison: 'IsNotEqualTo' } },
    ]);
    expect(() => parseCaseDefinition(source)).not.toThrow();
  });

  it('resolves a rule reference in the model its targetModel names', () => {
    const source = minimalCaseWith([
      [...DOCUMENTS, 'fields', 0, 'validations'],
      [
        {
          type: 'RequireOnePropertyToHaveAValue',
          properties: ['noticeId'],
          targetModel: { dtoMapping: 'Credentials' },
        },
      ],
    ]);
    expect(() => parseCaseDefinition(source)).not.toThrow();
  });

  it('refuses a targetModel that names no model of the form', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      {
        type: 'endDate',
        startProperty: 'purchaseDate',
        targetModel: { dtoMapping: 'ClaimDetails' },
      },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[0].validations[1].targetModel: targetModel names no model: no ClaimDetails model in Standard',
    ]);
  });

  it('refuses a dependencyMetadata that names no model', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 1, 'dependencies'],
      [
        {
          conditions: [{ property: 'noticeId', comparison: 'IsNotEqualTo' }],
          dependencyMetadata: { formType: 'Automotive', dtoMapping: 'Credentials' },
        },
      ],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].dependencies[0].dependencyMetadata: dependencyMetadata names no model: no Credentials model in Automotive',
    ]);
  });

  it('refuses a dependency on a field its model lacks', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 1, 'dependencies'],
      [{ conditions: [{ property: 'mailingCountry', comparison: 'IsEqualTo', value: 'US' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].dependencies[0].conditions[0].property: dependency names "mailingCountry", which is not a field of its model; expected one of noticeId, pin',
    ]);
  });

  it('refuses a targetModel that matches several models', () => {
    const transactions = (page: string) => ({
      metadata: { dtoMapping: 'ClaimTransactions', page },
      fields: [{ key: 'amount' }],
    });
    const problems = problemsOf(
      [['forms', 'Standard', 2], transactions('repairs')],
      [['forms', 'Standard', 3], transactions('rentals')],
      [
        [...CREDENTIALS, 'fields', 0, 'validations', 1],
        {
          type: 'requiredIf',
          condition: { property: 'amount', comparison: 'IsNotEqualTo' },
          targetModel: { dtoMapping: 'ClaimTransactions' },
        },
      ],
    );
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[0].validations[1].targetModel: targetModel is ambiguous: Standard has 2 ClaimTransactions models',
    ]);
  });

  it('refuses a requireOnePropertyValTrue rule over fields that are not checkboxes', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'requireOnePropertyValTrue', properties: ['pin'] },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[0].validations[1].properties[0]: requireOnePropertyValTrue needs checkbox fields; "pin" is a text field',
    ]);
  });

  it('refuses a pattern that is not a regular expression', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'regularExpression', pattern: '^[0-9' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/validations\[1\]: invalid regular expression "\^\[0-9":/),
    ]);
  });

  it('refuses a number range whose maximum is below its minimum', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'range', min: 10, max: 1 },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/validations\[1\]\.max: max 1 is below min 10$/),
    ]);
  });

  it('refuses a number range given as dates', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'range', min: '1/1/2020', max: 5 },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/validations\[1\]: range rule min "1\/1\/2020" is not a number$/),
    ]);
  });

  it('refuses a date range with a date it cannot read', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'range', dataType: 'DateTime', min: '2020-01-01', max: '12/31/2028' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /validations\[1\]: range rule min "2020-01-01" is not a date; expected M\/d\/yyyy$/,
      ),
    ]);
  });

  it('refuses a date range that ends before it starts', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'range', dataType: 'DateTime', min: '1/1/2020', max: '12/31/2019' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/validations\[1\]\.max: max 12\/31\/2019 is before min 1\/1\/2020$/),
    ]);
  });

  it('refuses an unknown mask override', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 1, 'dependencies'],
      [{ conditions: [{ property: 'noticeId', comparison: 'IsNotEqualTo' }], maskOverride: 'ssn' }],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/dependencies\[0\]\.maskOverride: no mask for mask type "ssn"/),
    ]);
  });
});
