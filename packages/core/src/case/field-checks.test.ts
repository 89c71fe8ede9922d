import { describe, expect, it } from 'vitest';
import { NONE_OPTION_VALUE } from './field-config';
import { credentialField, CREDENTIALS, DOCUMENTS, problemsOf } from './test-helpers';

describe('field checks', () => {
  it('refuses a duplicate field key', () => {
    const problems = problemsOf(credentialField(1, { key: 'noticeId', label: 'LocKey_Pin' }));
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].key: duplicate field key "noticeId" (also fields[0]); keys must be unique within a model',
    ]);
  });

  it('refuses a field key that is not camelCase', () => {
    const problems = problemsOf(credentialField(2, { key: 'Notice_Id', label: 'LocKey_Pin' }));
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.forms\.Standard\[0\]\.fields\[2\]\.key: field key "Notice_Id" must be camelCase/,
      ),
    ]);
  });

  it('refuses a file field that has dependencies', () => {
    const problems = problemsOf([
      [...DOCUMENTS, 'fields', 1, 'dependencies'],
      [{ conditions: [{ property: 'documentType', comparison: 'IsEqualTo', value: 'Other' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields[1].dependencies: a file field cannot have dependencies; dependencies on a file field are an error',
    ]);
  });

  it('refuses a field marked prefilled-and-confirmed that nothing prefills', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 1, 'prefilledConfirmed'], true]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].prefilledConfirmed: only a prefilled value can be confirmed in advance; give the field a prepopulatedDataKey or leave prefilledConfirmed out',
    ]);
  });

  it('accepts a prefilled field marked prefilled-and-confirmed', () => {
    const problems = problemsOf(
      credentialField(1, {
        key: 'pin',
        label: 'LocKey_Pin',
        prepopulatedDataKey: 'pin',
        prefilledConfirmed: true,
      }),
    );
    expect(problems).toEqual([]);
  });

  it('refuses an unknown mask name', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 1, 'maskName'], 'creditCard']);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.forms\.Standard\[0\]\.fields\[1\]\.maskName: no mask for mask type "creditCard"; expected one of "currency",/,
      ),
    ]);
  });

  it('refuses a radio field without options', () => {
    const problems = problemsOf(
      credentialField(2, { key: 'owner', kind: 'radio', label: 'LocKey_Pin' }),
    );
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[2].options: a radio field needs at least one option',
    ]);
  });

  it('refuses options on a text field', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 1, 'options'],
      [{ value: 'a', label: 'LocKey_Pin' }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].options: a text field takes no options; only select, radio and hybridRadioText do',
    ]);
  });

  it('refuses two options with the same value', () => {
    const problems = problemsOf([[...DOCUMENTS, 'fields', 0, 'options', 1, 'value'], 'Receipt']);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields[0].options[1].value: duplicate option value "Receipt"',
    ]);
  });

  it('refuses a default value that is not one of the options', () => {
    const problems = problemsOf([[...DOCUMENTS, 'fields', 0, 'defaultValue'], 'Invoice']);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields[0].defaultValue: default value "Invoice" is not one of the options Receipt, Other',
    ]);
  });

  it('refuses a none option on a field that is not a radio', () => {
    const problems = problemsOf([
      [...DOCUMENTS, 'fields', 0, 'noneOption'],
      { label: 'LocKey_Other' },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields[0].noneOption: only a radio field takes a noneOption, not a select field',
    ]);
  });

  it('refuses a none option on a radio that already has an option of the none value', () => {
    const problems = problemsOf(
      credentialField(2, {
        key: 'owner',
        kind: 'radio',
        label: 'LocKey_Pin',
        options: [
          { value: 'Yes', label: 'LocKey_Pin' },
          { value: NONE_OPTION_VALUE, label: 'LocKey_Pin' },
        ],
        noneOption: { label: 'LocKey_Pin' },
      }),
    );
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[2].noneOption: the none option stores "None", which an option already uses; give that option another value',
    ]);
  });

  it('accepts the none value as the default of a radio with a none option', () => {
    const problems = problemsOf(
      credentialField(2, {
        key: 'owner',
        kind: 'radio',
        label: 'LocKey_Pin',
        options: [{ value: 'Yes', label: 'LocKey_Pin' }],
        noneOption: { label: 'LocKey_Pin' },
        defaultValue: NONE_OPTION_VALUE,
      }),
    );
    expect(problems).toEqual([]);
  });

  it('refuses a checkbox whose default is not true or false', () => {
    const problems = problemsOf(
      credentialField(2, {
        key: 'agree',
        kind: 'checkbox',
        label: 'LocKey_Pin',
        defaultValue: 'yes',
      }),
    );
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[2].defaultValue: a checkbox default must be true or false',
    ]);
  });

  it('refuses a file field outside a DocumentContexts model', () => {
    const problems = problemsOf(
      credentialField(2, { key: 'scan', kind: 'file', label: 'LocKey_File' }),
    );
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[2].kind: file fields belong in DocumentContexts models, not Credentials',
    ]);
  });

  it('refuses a second file field in a model', () => {
    const problems = problemsOf([
      [...DOCUMENTS, 'fields', 2],
      { key: 'backSide', kind: 'file', label: 'LocKey_File' },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields: 2 file fields (document, backSide); a model holds one file field',
    ]);
  });

  it('refuses a DocumentContexts model without a file field', () => {
    const problems = problemsOf([[...DOCUMENTS, 'fields', 1], undefined]);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields: a DocumentContexts model needs a file field for its document',
    ]);
  });
});
