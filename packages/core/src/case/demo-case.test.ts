import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  CLASS_LIST_COLUMNS,
  CLASS_MEMBER_COUNT,
  generateDemoData,
  VEHICLE_COLUMNS,
} from '../../../../cases/demo/generate';
import { parseDeadline } from '../deadlines/deadlines';
import { FORM_TYPES } from '../form-types';
import { MASK_NAMES } from '../masks/masks';
import { clientMessageCatalogue } from '../rules/client-rules';
import { MASK_MESSAGE } from '../rules/engine';
import { ruleMessageCatalogue, RULE_TYPES } from '../rules/registry';
import { wholeValuePattern } from '../rules/patterns';
import { toCamelCase } from '../text/camel-case';
import { isValidVin } from '../vin';
import { caseModels, type CaseDefinition } from './case-schema';
import { FIELD_KIND_MESSAGES, offeredValues } from './field-kinds';
import { parseCaseDefinition } from './parse-case';

const DEMO = fileURLToPath(new URL('../../../../cases/demo/', import.meta.url));

function read(file: string): string {
  return readFileSync(path.join(DEMO, file), 'utf8');
}

function readContent(culture: string): Record<string, string> {
  return JSON.parse(read(`content/${culture}.json`)) as Record<string, string>;
}

/** The case as the server builds it: case.yaml plus the content of each culture. */
function loadDemoCase(): CaseDefinition {
  const definition = parse(read('case.yaml')) as Record<string, unknown>;
  return parseCaseDefinition({
    ...definition,
    content: { en: readContent('en'), es: readContent('es') },
  });
}

/** The committed CSVs hold no quoted fields (generate.ts refuses any), so commas split them. */
function readCsv(file: string): { header: string[]; rows: Record<string, string>[] } {
  const [headerLine = '', ...lines] = read(file).replace(/\r\n$/, '').split('\r\n');
  const header = headerLine.split(',');
  const rows = lines.map((line, index) => {
    const fields = line.split(',');
    if (fields.length !== header.length) {
      throw new Error(
        `${file} line ${index + 2} has ${fields.length} fields; expected ${header.length}`,
      );
    }
    return Object.fromEntries(
      header.map((column, column_index) => [column, fields[column_index] as string]),
    );
  });
  return { header, rows };
}

const caseDef = loadDemoCase();
const classList = readCsv('class-list.csv');
const vehicles = readCsv('vehicles.csv');
const eligibleVins = new Set(vehicles.rows.map((row) => row.Vin));

function model(formType: (typeof FORM_TYPES)[number], dtoMapping: string) {
  const found = caseDef.forms[formType]?.find((entry) => entry.metadata.dtoMapping === dtoMapping);
  if (found === undefined) throw new Error(`the demo case has no ${formType} ${dtoMapping} model`);
  return found;
}

describe('the demo case definition', () => {
  it('uses the default theme, the self-hosted captcha and no PayPal', () => {
    expect(caseDef.theme).toBe('jnd-7-0-default');
    expect(caseDef.captcha.provider).toBe('Altcha');
    expect(caseDef.payment.payPal.enabled).toBe(false);
  });

  it('offers English and Spanish, English first', () => {
    expect(caseDef.cultures.default).toBe('en');
    expect(Object.keys(caseDef.cultures.enabled)).toEqual(['en', 'es']);
  });

  it('configures the parts of each of the four forms', () => {
    const parts = Object.fromEntries(
      FORM_TYPES.map((formType) => [
        formType,
        (caseDef.forms[formType] ?? []).map((m) => m.metadata.dtoMapping),
      ]),
    );
    expect(parts).toEqual({
      Standard: [
        'Credentials',
        'ClaimantInfo',
        'ClaimDetails',
        'ClaimTransactions',
        'DocumentContexts',
        'Signature',
      ],
      Automotive: ['Credentials', 'ClaimantInfo', 'ClaimDetails', 'DocumentContexts', 'Signature'],
      Lookup: ['Credentials'],
      DocumentsUpload: ['Credentials', 'DocumentContexts'],
    });
  });

  it('asks for the mailing address fields of docs/behaviour.md#mailing-address, defaulting to the US', () => {
    const fields = model('Standard', 'ClaimantInfo').fields;
    const mailing = fields
      .filter((field) => field.key.startsWith('mailing'))
      .map((field) => field.key);
    expect(mailing.sort()).toEqual(
      [
        'mailingCity',
        'mailingCountry',
        'mailingPostalCode',
        'mailingPostalCodeNonUS',
        'mailingStreetLine1',
        'mailingStreetLine2',
        'mailingSubDivision',
        'mailingSubDivisionNonUS',
      ].sort(),
    );
    expect(fields.find((field) => field.key === 'mailingCountry')?.defaultValue).toBe('US');
  });

  it('offers values for every choice field, from its options or the site\u2019s address lists', () => {
    const choices = caseModels(caseDef).flatMap((m) =>
      m.fields.filter((field) => ['select', 'radio', 'hybridRadioText'].includes(field.kind)),
    );
    expect(choices.filter((field) => offeredValues(field).length === 0)).toEqual([]);
  });

  it('offers its default value on every select or radio field that has one', () => {
    const defaults = caseModels(caseDef).flatMap((m) =>
      m.fields.filter(
        (field) => ['select', 'radio'].includes(field.kind) && field.defaultValue !== null,
      ),
    );
    expect(defaults.map((field) => field.key)).toContain('mailingCountry');
    expect(
      defaults.filter((field) => !offeredValues(field).includes(String(field.defaultValue))),
    ).toEqual([]);
  });

  it('uses every server-declared rule type on some field', () => {
    const used = new Set(
      caseModels(caseDef).flatMap((m) =>
        m.fields.flatMap((field) => field.validations.map((rule) => rule.type)),
      ),
    );
    expect(RULE_TYPES.filter((type) => !used.has(type))).toEqual([]);
  });

  it('uses every input mask on some field', () => {
    const used = new Set(
      caseModels(caseDef).flatMap((m) =>
        m.fields.flatMap((field) => [
          field.maskName,
          ...field.dependencies.map((d) => d.maskOverride),
        ]),
      ),
    );
    expect(MASK_NAMES.filter((name) => name !== '' && !used.has(name))).toEqual([]);
  });

  it('has deadlines that have not passed, the global one last', () => {
    const { projectTimeZone: _zone, ...entries } = caseDef.deadlines;
    const instants = Object.entries(entries).map(
      ([name, entry]) => [name, parseDeadline(entry.deadline, entry.timeZone).toMillis()] as const,
    );
    const global = instants.find(([name]) => name === 'globalDeadline')?.[1] ?? 0;
    expect(instants).toHaveLength(5);
    expect(instants.filter(([, at]) => at <= Date.now())).toEqual([]);
    expect(instants.filter(([, at]) => at > global)).toEqual([]);
  });

  it('keeps every date range open until the global deadline', () => {
    const { globalDeadline, projectTimeZone } = caseDef.deadlines;
    if (globalDeadline === undefined) throw new Error('the demo case has no global deadline');
    const global = parseDeadline(globalDeadline.deadline, globalDeadline.timeZone).toMillis();
    const closingEarly = caseModels(caseDef).flatMap((m) =>
      m.fields.flatMap((field) =>
        field.validations.flatMap((rule) =>
          rule.type === 'range' &&
          rule.dataType === 'DateTime' &&
          parseDeadline(String(rule.max), projectTimeZone).toMillis() < global
            ? [`${m.metadata.dtoMapping}.${field.key}: ${rule.max}`]
            : [],
        ),
      ),
    );
    expect(closingEarly).toEqual([]);
  });

  it('gives 30 days to cure a deficiency and 14 days to appeal a denial', () => {
    expect(caseDef.lifecycle).toMatchObject({ cureWindowDays: 30, appealWindowDays: 14 });
  });

  it('offers the deficiency reasons of a transmission claim, the repair invoice among them', () => {
    expect(caseDef.lifecycle?.deficiencyReasons.map((reason) => reason.code)).toEqual([
      'missing_proof_of_purchase',
      'illegible_document',
      'missing_signature',
      'name_mismatch',
      'missing_repair_invoice',
    ]);
  });

  it('offers the denial reasons, denying an uncured claim as not cured', () => {
    expect(caseDef.lifecycle?.denialReasons.map((reason) => reason.code)).toEqual([
      'not_class_member',
      'outside_class_period',
      'duplicate_claim',
      'deficiency_not_cured',
      'fraudulent_or_unverifiable',
    ]);
    expect(caseDef.lifecycle?.uncuredDenialReason).toBe('deficiency_not_cured');
  });

  it('names files that exist in the case folder', () => {
    const files = [
      caseDef.details.logo?.path,
      ...caseDef.importantDocuments.map((document) => document.path),
    ];
    expect(
      files.filter((file) => file === undefined || !existsSync(path.join(DEMO, file))),
    ).toEqual([]);
  });
});

describe('the demo content', () => {
  const en = readContent('en');
  const es = readContent('es');

  it('has the same keys in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('translates the Spanish copy rather than repeating the English', () => {
    const same = Object.keys(en).filter((key) => en[key] === es[key]);
    expect(same.length / Object.keys(en).length).toBeLessThan(0.03);
  });

  it('gives every validation message of the rule engine a text in both languages', () => {
    const keys = [
      ...ruleMessageCatalogue(),
      MASK_MESSAGE,
      ...Object.values(FIELD_KIND_MESSAGES),
      ...clientMessageCatalogue(),
    ].map((message) => message.key);
    expect(keys.filter((key) => en[key] === undefined || es[key] === undefined)).toEqual([]);
  });

  it('words each lifecycle reason, and what to send for each deficiency, in both languages', () => {
    const keys = [
      ...(caseDef.lifecycle?.deficiencyReasons ?? []).flatMap((r) => [r.labelKey, r.whatToSendKey]),
      ...(caseDef.lifecycle?.denialReasons ?? []).map((reason) => reason.labelKey),
    ];
    expect(keys).toHaveLength(15);
    expect(
      keys.filter((key) => !en[key]?.trim() || !es[key]?.trim() || en[key] === es[key]),
    ).toEqual([]);
  });

  it('keeps the placeholders of each English text in its Spanish text', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    const differing = Object.keys(en).filter(
      (key) => placeholders(en[key] as string).join() !== placeholders(es[key] as string).join(),
    );
    expect(differing).toEqual([]);
  });
});

describe('the demo class list', () => {
  it('has the columns the server reads and at least 1,000 members', () => {
    expect(classList.header).toEqual([...CLASS_LIST_COLUMNS]);
    expect(classList.rows.length).toBeGreaterThanOrEqual(1000);
  });

  it('gives each member a unique Notice ID the credentials field accepts and a 6-digit PIN', () => {
    const noticeIdRule = model('Standard', 'Credentials').fields[0]?.validations.find(
      (rule) => rule.type === 'regularExpression',
    );
    const pattern = wholeValuePattern(
      noticeIdRule?.type === 'regularExpression' ? noticeIdRule.pattern : '',
    );
    expect(new Set(classList.rows.map((row) => row.NoticeId)).size).toBe(classList.rows.length);
    expect(classList.rows.filter((row) => !pattern.test(row.NoticeId ?? ''))).toEqual([]);
    expect(classList.rows.filter((row) => !/^\d{6}$/.test(row.Pin ?? ''))).toEqual([]);
  });

  it('lists each member with a vehicle of the eligible list', () => {
    expect(classList.rows.filter((row) => !eligibleVins.has(row.Vin ?? ''))).toEqual([]);
  });

  it('holds only characters the whitelist allows, so prepopulated data can be submitted', () => {
    const allowed = new Set(caseDef.characterWhitelist);
    const outside = new Set(
      classList.rows.flatMap((row) =>
        Object.values(row).flatMap((value) => [...value].filter((char) => !allowed.has(char))),
      ),
    );
    expect([...outside]).toEqual([]);
  });

  it('has a column for every prepopulated field of the Standard form', () => {
    const columns = new Set(classList.header.map(toCamelCase));
    const keys = (caseDef.forms.Standard ?? []).flatMap((m) =>
      m.fields.flatMap((field) =>
        field.prepopulatedDataKey === undefined ? [] : [field.prepopulatedDataKey],
      ),
    );
    expect(keys.filter((key) => !columns.has(key))).toEqual([]);
  });
});

describe('the demo vehicle list', () => {
  it('has the columns the server reads and at least 200 vehicles', () => {
    expect(vehicles.header).toEqual([...VEHICLE_COLUMNS]);
    expect(vehicles.rows.length).toBeGreaterThanOrEqual(200);
  });

  it('holds unique VINs with valid check digits', () => {
    expect(vehicles.rows.filter((row) => !isValidVin(row.Vin ?? ''))).toEqual([]);
    expect(eligibleVins.size).toBe(vehicles.rows.length);
  });

  it('lists only model years 2018 to 2021', () => {
    expect(new Set(vehicles.rows.map((row) => row.Year))).toEqual(
      new Set(['2018', '2019', '2020', '2021']),
    );
  });

  it('has a column for every prepopulated field of the Automotive claim details', () => {
    const columns = new Set(vehicles.header.map(toCamelCase));
    const keys = model('Automotive', 'ClaimDetails').fields.flatMap((field) =>
      field.prepopulatedDataKey === undefined ? [] : [field.prepopulatedDataKey],
    );
    expect(keys.filter((key) => !columns.has(key))).toEqual([]);
  });
});

describe('the demo generator', () => {
  const data = generateDemoData();

  it('wrote the committed files: running it again changes nothing', () => {
    const stale = [...data.files].filter(([name, content]) => {
      const committed = readFileSync(path.join(DEMO, name));
      return !committed.equals(
        typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
      );
    });
    expect(stale.map(([name]) => name)).toEqual([]);
  });

  it('writes PDFs whose cross-reference table points at their objects', () => {
    for (const [name, content] of data.files) {
      if (!name.endsWith('.pdf')) continue;
      const text = (content as Buffer).toString('latin1');
      const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
      expect(text.slice(startxref, startxref + 4), name).toBe('xref');
      const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
        Number(m[1]),
      );
      offsets.forEach((offset, index) => {
        expect(text.slice(offset, offset + `${index + 1} 0 obj`.length), name).toBe(
          `${index + 1} 0 obj`,
        );
      });
    }
  });

  it('keeps vehicles without a notice for the Automotive form', () => {
    expect(data.vehicles.length).toBeGreaterThan(CLASS_MEMBER_COUNT);
  });
});

describe('the demo README', () => {
  const readme = read('README.md');
  const section = (heading: string) =>
    readme.split(`### ${heading}\n`)[1]?.split('\n### ')[0] ?? '';

  it('lists Notice IDs and PINs of the class list', () => {
    const listed = [
      ...section('Standard claim (Notice ID and PIN)').matchAll(/\| (NW\d{8}) \| (\d{6}) \|/g),
    ];
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const pins = new Map(classList.rows.map((row) => [row.NoticeId, row.Pin]));
    expect(listed.filter(([, noticeId, pin]) => pins.get(noticeId) !== pin)).toEqual([]);
  });

  it('lists eligible VINs of the vehicle list', () => {
    const listed = [...section('Eligible VINs').matchAll(/`([A-Z0-9]{17})`/g)].map(
      (m) => m[1] as string,
    );
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed.filter((vin) => !eligibleVins.has(vin))).toEqual([]);
  });

  it('lists ineligible VINs that are valid but not on the list', () => {
    const listed = [...section('Ineligible VINs').matchAll(/`([A-Z0-9]{17})`/g)].map(
      (m) => m[1] as string,
    );
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.filter((vin) => !isValidVin(vin) || eligibleVins.has(vin))).toEqual([]);
  });
});
