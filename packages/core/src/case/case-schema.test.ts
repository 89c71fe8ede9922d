import { describe, expect, it } from 'vitest';
import {
  CaseDefinitionError,
  caseModels,
  deadlineDefinitions,
  enabledCultureCodes,
  parseCaseDefinition,
  toCultureContent,
  toCulturesResponse,
  toRemoteModelConfigs,
} from './case-schema';
import { NONE_OPTION_VALUE } from './field-config';
import { metadataHash } from './metadata-hash';
import { minimalCaseSource, minimalCaseWith, type Change } from './test-helpers';

const CREDENTIALS = ['forms', 'Standard', 0] as const;
const DOCUMENTS = ['forms', 'Standard', 1] as const;

function problemsOf(...changes: Change[]): string[] {
  try {
    parseCaseDefinition(minimalCaseWith(...changes));
  } catch (error) {
    if (error instanceof CaseDefinitionError) return [...error.problems];
    throw error;
  }
  return [];
}

function credentialField(index: number, field: unknown): Change {
  return [[...CREDENTIALS, 'fields', index], field];
}

describe('parseCaseDefinition', () => {
  it('accepts the minimal case and fills in the defaults', () => {
    const caseDef = parseCaseDefinition(minimalCaseSource());
    expect(caseDef.theme).toBe('jnd-7-0-default');
    expect(caseDef.cultures.default).toBe('en');
    expect(caseDef.captcha).toEqual({ provider: 'HCaptcha', maxNumber: 100_000 });
    expect(caseDef.payment.payPal.enabled).toBe(false);
    expect(caseDef.details.layoutVariant).toBe('logo-beside-title');
    expect(caseDef.details.headerVariant).toBe('standard');
    expect(caseDef.details.footerVariant).toBeUndefined();
    expect(caseDef.internationalAddressSupport).toBe(false);
  });

  it('takes the reduced header and a footer variant of the case', () => {
    const caseDef = parseCaseDefinition(
      minimalCaseWith(
        [['details', 'headerVariant'], 'reduced'],
        [['details', 'footerVariant'], 'centered'],
      ),
    );
    expect(caseDef.details).toMatchObject({ headerVariant: 'reduced', footerVariant: 'centered' });
  });

  it('refuses an unknown header variant, listing the two', () => {
    expect(problemsOf([['details', 'headerVariant'], 'minimal'])).toEqual([
      'case.details.headerVariant: unexpected headerVariant "minimal"; expected one of standard, reduced',
    ]);
  });

  it('refuses an unknown footer variant, listing the three', () => {
    expect(problemsOf([['details', 'footerVariant'], 'wide'])).toEqual([
      'case.details.footerVariant: unexpected footerVariant "wide"; expected one of columns, centered, compact',
    ]);
  });

  it('fills in the form type of each model from the form it is listed under', () => {
    const caseDef = parseCaseDefinition(minimalCaseSource());
    expect(caseModels(caseDef).map((model) => model.metadata.formType)).toEqual([
      'Standard',
      'Standard',
    ]);
  });

  it('refuses an unknown theme, listing the three themes', () => {
    expect(() => parseCaseDefinition(minimalCaseWith([['theme'], 'x']))).toThrow(
      'case.theme: unexpected theme "x"; expected one of jnd-7-0-default, ftc-7-0-default, jnd-9-0-kontent',
    );
  });

  it('throws a CaseDefinitionError whose message counts the problems', () => {
    expect(() => parseCaseDefinition(minimalCaseWith([['theme'], 'x']))).toThrow(
      /^invalid case definition \(1 problem\):\n/,
    );
  });

  it('refuses a misspelt key, naming the keys it expects', () => {
    expect(problemsOf([['themes'], 'ftc-7-0-default']).join('\n')).toMatch(
      /^case: unexpected key "themes"; expected theme, application, details,/,
    );
  });

  it('refuses a definition that is not an object', () => {
    expect(() => parseCaseDefinition('theme: x')).toThrow('case: expected object, got string');
  });

  it('names a missing setting as required', () => {
    expect(problemsOf([['details', 'caseName'], undefined])).toEqual([
      'case.details.caseName: is required (expected string)',
    ]);
  });

  it('refuses copy with a paragraph tag, naming the key', () => {
    const problems = problemsOf([['content', 'es', 'LocKey_Q'], '<p>¿Quién?</p>']);
    expect(problems).toEqual([
      'case.content.es.LocKey_Q: Invalid localization for "LocKey_Q": copy must not contain <p>, <ul>, <ol> or <li> tags; found <p>',
    ]);
  });

  it('refuses copy with list tags', () => {
    const problems = problemsOf([
      ['content', 'en', 'LocKey_A'],
      'Bring <ul><li>a receipt</li></ul>',
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.content\.en\.LocKey_A: Invalid localization.*found <ul>, <li>$/,
      ),
    ]);
  });

  it('refuses a deadline in another format, listing the valid ones', () => {
    expect(problemsOf([['deadlines', 'claimFilingDeadline', 'deadline'], '2028-06-30'])).toEqual([
      'case.deadlines.claimFilingDeadline.deadline: Invalid deadline format "2028-06-30"; valid formats: MM/dd/yyyy, MM/dd/yyyy hh:mm:ss a',
    ]);
  });

  it('accepts a deadline with a 12-hour time', () => {
    const source = minimalCaseWith([
      ['deadlines', 'claimFilingDeadline', 'deadline'],
      '06/30/2028 11:59:59 PM',
    ]);
    expect(parseCaseDefinition(source).deadlines.claimFilingDeadline?.deadline).toBe(
      '06/30/2028 11:59:59 PM',
    );
  });

  it('refuses an unknown time zone on a deadline', () => {
    const problems = problemsOf([
      ['deadlines', 'claimFilingDeadline', 'timeZone'],
      'Mars Standard Time',
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.deadlines\.claimFilingDeadline\.timeZone: Unknown time zone "Mars Standard Time"; expected one of .*Pacific Standard Time/,
      ),
    ]);
  });

  it('refuses an unknown project time zone', () => {
    expect(problemsOf([['deadlines', 'projectTimeZone'], 'America/Los_Angeles'])).toEqual([
      expect.stringMatching(
        /^case\.deadlines\.projectTimeZone: Unknown time zone "America\/Los_Angeles"/,
      ),
    ]);
  });

  it('refuses an unknown deadline name', () => {
    const problems = problemsOf([
      ['deadlines', 'refundDeadline'],
      { deadline: '06/30/2028', timeZone: 'Pacific Standard Time' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.deadlines: unexpected key "refundDeadline"; expected projectTimeZone, globalDeadline,/,
      ),
    ]);
  });

  it('refuses a redirect URL that is not a path or an http(s) URL', () => {
    const problems = problemsOf([
      ['deadlines', 'claimFilingDeadline', 'redirectUrls'],
      { en: 'javascript:alert(1)' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.deadlines\.claimFilingDeadline\.redirectUrls\.en: invalid redirect URL/,
      ),
    ]);
  });

  it('refuses a redirect URL for a culture that is not enabled', () => {
    const problems = problemsOf([
      ['deadlines', 'claimFilingDeadline', 'redirectUrls'],
      { fr: '/deadline', default: '/deadline' },
    ]);
    expect(problems).toEqual([
      'case.deadlines.claimFilingDeadline.redirectUrls.fr: culture "fr" is not enabled; expected one of en, es, default',
    ]);
  });

  it('refuses a key date naming a deadline the case does not define', () => {
    const problems = problemsOf([
      ['pages', 'keyDates', 'dates', 1],
      { labelKey: 'LocKey_Filing', deadline: 'globalDeadline' },
    ]);
    expect(problems).toEqual([
      'case.pages.keyDates.dates[1].deadline: deadline globalDeadline is not defined under case.deadlines',
    ]);
  });

  it('refuses a key date with both a deadline and a text', () => {
    const problems = problemsOf([['pages', 'keyDates', 'dates', 0, 'valueKey'], 'LocKey_Filing']);
    expect(problems).toEqual([
      'case.pages.keyDates.dates[0]: expected either deadline or valueKey, not both',
    ]);
  });

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

  it('refuses a dependency on a file field', () => {
    const problems = problemsOf([
      [...DOCUMENTS, 'fields', 0, 'dependencies'],
      [{ conditions: [{ property: 'document', comparison: 'IsNotEqualTo' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[1].fields[0].dependencies[0].conditions[0].property: dependency on the file field "document"; dependencies on a file field are an error',
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

  it('refuses a field that depends on itself', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'dependencies'],
      [{ conditions: [{ property: 'noticeId', comparison: 'IsNotEqualTo' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[0].dependencies[0].conditions[0].property: field "noticeId" cannot depend on itself',
    ]);
  });

  it('refuses an unknown rule type, listing the known ones', () => {
    const problems = problemsOf([
      [...CREDENTIALS, 'fields', 0, 'validations', 1],
      { type: 'mustBeNice' },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.forms\.Standard\[0\]\.fields\[0\]\.validations\[1\]\.type: unknown rule type "mustBeNice"; expected one of required, requiredOnClientOnly, range,.*RequireOnePropertyToHaveAValue$/,
      ),
    ]);
  });

  it('refuses a rule without a type', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 0, 'validations', 1], { max: 3 }]);
    expect(problems).toEqual([
      expect.stringMatching(/validations\[1\]\.type: missing rule type; expected one of required,/),
    ]);
  });

  it('refuses an unknown field kind', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 0, 'kind'], 'slider']);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[0].kind: unexpected kind "slider"; expected one of text, textarea, date, select, radio, hybridRadioText, checkbox, file, hidden',
    ]);
  });

  it('refuses a misspelt field setting', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 0, 'validation'], []]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.forms\.Standard\[0\]\.fields\[0\]: unexpected key "validation"; expected key, kind, label,/,
      ),
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

  it('refuses an unknown mask name', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 1, 'maskName'], 'creditCard']);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.forms\.Standard\[0\]\.fields\[1\]\.maskName: no mask for mask type "creditCard"; expected one of "currency",/,
      ),
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

  it('refuses a model listed under another form type', () => {
    const problems = problemsOf([[...CREDENTIALS, 'metadata', 'formType'], 'Lookup']);
    expect(problems).toEqual([
      'case.forms.Standard[0].metadata.formType: formType "Lookup" in a model listed under Standard; leave it out or write Standard',
    ]);
  });

  it('refuses an unknown dtoMapping', () => {
    const problems = problemsOf([[...CREDENTIALS, 'metadata', 'dtoMapping'], 'Payment']);
    expect(problems).toEqual([
      'case.forms.Standard[0].metadata.dtoMapping: unexpected dtoMapping "Payment"; expected one of Credentials, ClaimantInfo, ClaimDetails, Signature, DocumentContexts, ClaimTransactions, PrepopulatedData',
    ]);
  });

  it('refuses an unknown form type', () => {
    const problems = problemsOf([['forms', 'Refund'], []]);
    expect(problems).toEqual([
      'case.forms: unexpected key "Refund"; expected Standard, Automotive, Lookup, DocumentsUpload',
    ]);
  });

  it('refuses a case without forms', () => {
    expect(problemsOf([['forms'], {}])).toEqual([
      'case.forms: no form is configured; expected at least one of Standard, Automotive, Lookup, DocumentsUpload',
    ]);
  });

  it('refuses a form without a Credentials model', () => {
    const problems = problemsOf([
      ['forms', 'Lookup'],
      [{ metadata: { dtoMapping: 'ClaimDetails' }, fields: [{ key: 'note' }] }],
    ]);
    expect(problems).toEqual([
      'case.forms.Lookup: has no Credentials model; every form authorizes with one',
    ]);
  });

  it('refuses a second model of a single-model part', () => {
    const problems = problemsOf([
      ['forms', 'Standard', 2],
      { metadata: { dtoMapping: 'Credentials', page: 'second' }, fields: [{ key: 'vin' }] },
    ]);
    expect(problems).toEqual([
      'case.forms.Standard[2].metadata.dtoMapping: a second Credentials model in Standard; a submission holds one Credentials model (first at case.forms.Standard[0])',
    ]);
  });

  it('refuses two models with the same metadata', () => {
    const transactions = {
      metadata: { dtoMapping: 'ClaimTransactions' },
      fields: [{ key: 'amount' }],
    };
    const problems = problemsOf(
      [['forms', 'Standard', 2], transactions],
      [['forms', 'Standard', 3], transactions],
    );
    expect(problems).toEqual([
      'case.forms.Standard[3].metadata: same metadata as case.forms.Standard[2]; pages could not tell the models apart',
    ]);
  });

  it('refuses content missing a key that the default culture has', () => {
    expect(problemsOf([['content', 'es', 'LocKey_Q'], undefined])).toEqual([
      'case.content.es.LocKey_Q: missing; the default culture "en" has this key',
    ]);
  });

  it('refuses content with a key that the default culture lacks', () => {
    expect(problemsOf([['content', 'es', 'LocKey_Extra'], 'Extra'])).toEqual([
      'case.content.es.LocKey_Extra: not in the default culture "en"; every culture needs the same keys',
    ]);
  });

  it('refuses an enabled culture without content', () => {
    expect(problemsOf([['content', 'es'], undefined])).toEqual([
      'case.content.es: no content for the enabled culture "es"',
    ]);
  });

  it('does not ask a disabled culture for content', () => {
    const source = minimalCaseWith(
      [['cultures', 'enabled', 'es', 'enabled'], false],
      [['content', 'es'], undefined],
    );
    expect(() => parseCaseDefinition(source)).not.toThrow();
  });

  it('refuses content without a text the site shows', () => {
    const problems = problemsOf(
      [['content', 'en', 'LocKey_Button_Next'], undefined],
      [['content', 'es', 'LocKey_Button_Next'], undefined],
    );
    expect(problems).toEqual([
      'case.content.en.LocKey_Button_Next: missing; the site shows this text on its pages',
    ]);
  });

  it('refuses a label that is not a content key of the case', () => {
    const problems = problemsOf([[...CREDENTIALS, 'fields', 1, 'label'], 'LocKey_Field_Pin']);
    expect(problems).toEqual([
      'case.forms.Standard[0].fields[1].label: content key "LocKey_Field_Pin" is not in the content of the default culture "en"',
    ]);
  });

  it('refuses a page paragraph that is not a content key of the case', () => {
    const problems = problemsOf([
      ['pages', 'home', 'sections'],
      [{ paragraphKeys: ['LocKey_Missing'] }],
    ]);
    expect(problems).toEqual([
      'case.pages.home.sections[0].paragraphKeys[0]: content key "LocKey_Missing" is not in the content of the default culture "en"',
    ]);
  });

  it('refuses a default culture that is not listed', () => {
    expect(problemsOf([['cultures', 'default'], 'fr'])).toEqual([
      'case.cultures.default: default culture "fr" is not listed; expected one of en, es',
    ]);
  });

  it('refuses a default culture that is disabled', () => {
    expect(problemsOf([['cultures', 'enabled', 'en', 'enabled'], false])).toEqual([
      'case.cultures.enabled.en.enabled: the default culture "en" must be enabled',
    ]);
  });

  it('refuses a culture code the site could not carry in its address', () => {
    const problems = problemsOf([['cultures', 'enabled', 'EN_us'], { name: 'English' }]);
    expect(problems).toEqual([
      'case.cultures.enabled.EN_us: invalid key "EN_us": expected a culture code such as en, es or fr-CA',
    ]);
  });

  it('refuses a document path that leaves the case folder', () => {
    const problems = problemsOf([['importantDocuments', 0, 'path'], '../secrets.txt']);
    expect(problems).toEqual([
      expect.stringMatching(
        /^case\.importantDocuments\[0\]\.path: expected a path inside the case folder/,
      ),
    ]);
  });

  it('refuses an unknown captcha provider', () => {
    expect(problemsOf([['captcha', 'provider'], 'Turnstile'])).toEqual([
      'case.captcha.provider: unexpected provider "Turnstile"; expected one of HCaptcha, GoogleReCaptcha, Altcha',
    ]);
  });

  it('refuses a metadata value that is not text, a number or a flag', () => {
    expect(problemsOf([[...CREDENTIALS, 'metadata', 'page'], { name: 'x' }])).toEqual([
      'case.forms.Standard[0].metadata.page: expected string or number or boolean, got an object',
    ]);
  });

  it('reports every problem of a definition at once', () => {
    const problems = problemsOf([['theme'], 'x'], [['captcha', 'provider'], 'Turnstile']);
    expect(problems).toHaveLength(2);
  });
});

describe('toRemoteModelConfigs', () => {
  it('gives one entry per model with the fields keyed by field key', () => {
    const configs = toRemoteModelConfigs(parseCaseDefinition(minimalCaseSource()));
    expect(configs.map((config) => config.metadata)).toEqual([
      { formType: 'Standard', dtoMapping: 'Credentials' },
      { formType: 'Standard', dtoMapping: 'DocumentContexts' },
    ]);
    expect(Object.keys(configs[0]?.fields ?? {})).toEqual(['noticeId', 'pin']);
    expect(configs[0]?.fields.pin?.validations).toEqual([{ type: 'required' }]);
  });

  it('hashes the metadata so the hash survives a reordering of its keys', () => {
    const [config] = toRemoteModelConfigs(parseCaseDefinition(minimalCaseSource()));
    expect(config?.metadataHash).toBe(
      metadataHash({ dtoMapping: 'Credentials', formType: 'Standard' }),
    );
  });
});

describe('culture helpers', () => {
  const caseDef = parseCaseDefinition(
    minimalCaseWith([
      ['cultures', 'enabled'],
      {
        es: { name: 'Español' },
        fr: { name: 'Français', enabled: false },
        en: { name: 'English' },
      },
    ]),
  );

  it('lists the enabled cultures with the default first', () => {
    expect(enabledCultureCodes(caseDef)).toEqual(['en', 'es']);
  });

  it('answers GET /api/cultures with the enabled cultures', () => {
    expect(toCulturesResponse(caseDef)).toEqual({
      cultures: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ],
      defaultCulture: 'en',
    });
  });

  it('answers GET /api/culture/content with the key/value list of a culture', () => {
    expect(toCultureContent(caseDef, 'es')).toContainEqual({
      key: 'LocKey_Q',
      value: 'LocKey_Q (es)',
    });
  });

  it('refuses content for a culture that is not enabled', () => {
    expect(() => toCultureContent(caseDef, 'fr')).toThrow(
      'culture "fr" is not enabled; expected one of en, es',
    );
  });
});

describe('deadlineDefinitions', () => {
  it('lists the deadlines of the case for the deadlines response', () => {
    const caseDef = parseCaseDefinition(
      minimalCaseWith([
        ['deadlines', 'globalDeadline'],
        {
          deadline: '12/31/2028 11:59:59 PM',
          timeZone: 'Eastern Standard Time',
          redirectUrls: { default: 'https://example.org/closed' },
        },
      ]),
    );
    expect(deadlineDefinitions(caseDef)).toEqual([
      {
        name: 'globalDeadline',
        deadline: '12/31/2028 11:59:59 PM',
        windowsZone: 'Eastern Standard Time',
        redirectUrls: { default: 'https://example.org/closed' },
      },
      { name: 'claimFilingDeadline', deadline: '06/30/2028', windowsZone: 'Pacific Standard Time' },
    ]);
  });
});
