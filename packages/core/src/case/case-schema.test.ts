import { describe, expect, it } from 'vitest';
import { caseModels, deadlineDefinitions, toRemoteModelConfigs } from './case-schema';
import { metadataHash } from './metadata-hash';
import { parseCaseDefinition } from './parse-case';
import {
  CREDENTIALS,
  minimalCaseSource,
  minimalCaseWith,
  problemsOf,
  withLifecycle,
} from './test-helpers';

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

  it('leaves the lifecycle out when the case does not write it', () => {
    expect(parseCaseDefinition(minimalCaseSource()).lifecycle).toBeUndefined();
  });

  it('takes the lifecycle settings of the case', () => {
    const caseDef = parseCaseDefinition(minimalCaseWith(...withLifecycle()));
    expect(caseDef.lifecycle).toMatchObject({
      cureWindowDays: 30,
      appealWindowDays: 45,
      uncuredDenialReason: 'deficiency_not_cured',
      denialReasons: [
        { code: 'not_a_member', labelKey: 'LocKey_Denial_NotAMember' },
        { code: 'deficiency_not_cured', labelKey: 'LocKey_Denial_NotCured' },
        { code: 'duplicate_claim', labelKey: 'LocKey_Denial_Duplicate' },
      ],
    });
  });

  it('fills in the windows of a lifecycle that writes none', () => {
    const caseDef = parseCaseDefinition(
      minimalCaseWith(
        ...withLifecycle(),
        [['lifecycle', 'cureWindowDays'], undefined],
        [['lifecycle', 'appealWindowDays'], undefined],
      ),
    );
    expect(caseDef.lifecycle).toMatchObject({ cureWindowDays: 30, appealWindowDays: 30 });
  });

  it('refuses an uncured-deficiency reason that is not a denial reason of the case', () => {
    const problems = problemsOf(...withLifecycle(), [['lifecycle', 'uncuredDenialReason'], 'late']);
    expect(problems).toEqual([
      'case.lifecycle.uncuredDenialReason: unknown denial reason code "late"; expected one of not_a_member, deficiency_not_cured, duplicate_claim',
    ]);
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

  it('refuses a misspelt key, naming the keys it expects', () => {
    expect(problemsOf([['themes'], 'ftc-7-0-default']).join('\n')).toMatch(
      /^case: unexpected key "themes"; expected theme, application, details,/,
    );
  });

  it('names a missing setting as required', () => {
    expect(problemsOf([['details', 'caseName'], undefined])).toEqual([
      'case.details.caseName: is required (expected string)',
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

  it('refuses a key date with both a deadline and a text', () => {
    const problems = problemsOf([['pages', 'keyDates', 'dates', 0, 'valueKey'], 'LocKey_Filing']);
    expect(problems).toEqual([
      'case.pages.keyDates.dates[0]: expected either deadline or valueKey, not both',
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
