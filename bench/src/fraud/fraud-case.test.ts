import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { zipBelongsToState } from '@claims/core/fraud/zip-state';
import { toCamelCase } from '@claims/core/text/camel-case';
import { isValidVin } from '@claims/core/vin';
import { parseCsv } from '../../../apps/server/src/case/csv';
import { DEMO_CASE } from '../bench-paths';
import { CITIES, createFraudCase, emptyKeys, takeKeys, type TakenKeys } from './fraud-case';

const EXTRA = 3200;
const target = mkdtempSync(path.join(os.tmpdir(), 'claims-fraud-case-'));
const fraudCase = createFraudCase({
  sourceDir: DEMO_CASE,
  targetDir: path.join(target, 'case'),
  extraMembers: EXTRA,
  seed: 19,
});
const demo = parseCsv(readFileSync(path.join(DEMO_CASE, 'class-list.csv'), 'utf8'));
const written = parseCsv(readFileSync(path.join(fraudCase.dir, 'class-list.csv'), 'utf8'));
const generated = written.rows.slice(demo.rows.length).map((row) => row.values);

afterAll(() => rmSync(target, { recursive: true, force: true }));

interface Validation {
  type: string;
  pattern?: string;
  max?: number;
}
interface Field {
  key: string;
  prepopulatedDataKey?: string;
  validations?: Validation[];
}

/** The demo's Standard fields that the class list prefills, with their rules. */
function prefilledFields(): { fields: Field[]; whitelist: string } {
  const definition = parseDocument(readFileSync(path.join(DEMO_CASE, 'case.yaml'), 'utf8')).toJS({
    maxAliasCount: -1,
  }) as { characterWhitelist: string; forms: { Standard: { fields: Field[] }[] } };
  const fields = definition.forms.Standard.flatMap((model) => model.fields).filter(
    (field) => field.prepopulatedDataKey !== undefined,
  );
  return { fields, whitelist: definition.characterWhitelist };
}

describe('createFraudCase', () => {
  it('keeps the demo members first and in order, then adds the members asked for', () => {
    expect(written.header).toEqual(demo.header);
    expect(written.rows.slice(0, demo.rows.length).map((row) => row.values)).toEqual(
      demo.rows.map((row) => row.values),
    );
    expect(generated).toHaveLength(EXTRA);
    expect(fraudCase.sourceMembers).toBe(demo.rows.length);
    expect(fraudCase.members).toHaveLength(demo.rows.length + EXTRA);
    expect(fraudCase.members[demo.rows.length]).toEqual({
      noticeId: generated[0]?.NoticeId,
      pin: generated[0]?.Pin,
    });
  });

  it('copies the case definition unchanged', () => {
    expect(readFileSync(path.join(fraudCase.dir, 'case.yaml'), 'utf8')).toBe(
      readFileSync(path.join(DEMO_CASE, 'case.yaml'), 'utf8'),
    );
  });

  it('gives every generated member a name, address, e-mail, phone, VIN and Notice ID of their own', () => {
    const keys = emptyKeys();
    for (const { values } of demo.rows) takeKeys(keys, values);
    const before: Record<keyof TakenKeys, number> = {
      noticeIds: keys.noticeIds.size,
      names: keys.names.size,
      addresses: keys.addresses.size,
      emails: keys.emails.size,
      phones: keys.phones.size,
      vins: keys.vins.size,
    };
    for (const member of generated) takeKeys(keys, member);
    // Each member adds one key of each kind, and two of its address (with and without the unit)
    // when it has a unit: none is the demo's or another generated member's.
    const units = generated.filter((member) => member.MailingStreetLine2 !== '').length;
    expect(keys.noticeIds.size - before.noticeIds).toBe(EXTRA);
    expect(keys.names.size - before.names).toBe(EXTRA);
    expect(keys.addresses.size - before.addresses).toBe(EXTRA + units);
    expect(keys.emails.size - before.emails).toBe(EXTRA);
    expect(keys.phones.size - before.phones).toBe(EXTRA);
    expect(keys.vins.size - before.vins).toBe(EXTRA);
    const vehicles = parseCsv(readFileSync(path.join(DEMO_CASE, 'vehicles.csv'), 'utf8'));
    const listed = new Set(vehicles.rows.map((row) => row.values.Vin));
    expect(generated.filter((member) => listed.has(member.Vin))).toEqual([]);
  });

  it('writes values in the formats and rules of the demo case', () => {
    const { fields, whitelist } = prefilledFields();
    const allowed = new Set(whitelist);
    expect(fields.map((field) => field.prepopulatedDataKey)).toContain('mailingPostalCode');
    for (const member of generated) {
      expect(member.NoticeId).toMatch(/^NW[0-9]{8}$/);
      expect(member.Pin).toMatch(/^[0-9]{6}$/);
      expect(isValidVin(member.Vin ?? '')).toBe(true);
      expect(member.EmailAddress).toMatch(/^[a-z]+\.[a-z]+\d{1,2}@example\.(com|net|org)$/);
      expect(member.PhoneNumber).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(
        zipBelongsToState(member.MailingPostalCode ?? '', member.MailingSubDivision ?? ''),
      ).toBe(true);
      const byKey = new Map(Object.entries(member).map(([column, v]) => [toCamelCase(column), v]));
      for (const field of fields) {
        const value = byKey.get(field.prepopulatedDataKey ?? '') ?? '';
        for (const rule of field.validations ?? []) {
          if (rule.type === 'required') expect(value, field.key).not.toBe('');
          if (value === '') continue;
          if (rule.type === 'maxLength') expect(value.length).toBeLessThanOrEqual(rule.max ?? 0);
          if (rule.type === 'regularExpression')
            expect(value).toMatch(new RegExp(rule.pattern ?? ''));
          if (rule.type === 'characterSetRestriction') {
            expect([...value].filter((char) => !allowed.has(char))).toEqual([]);
          }
        }
      }
    }
  });

  it('places every city at a ZIP Code of its state', () => {
    for (const [city, state, zip] of CITIES) expect(zipBelongsToState(zip, state), city).toBe(true);
  });

  it('writes the same list for the same seed', () => {
    const again = createFraudCase({
      sourceDir: DEMO_CASE,
      targetDir: path.join(target, 'again'),
      extraMembers: 50,
      seed: 19,
    });
    expect(again.members.slice(demo.rows.length)).toEqual(
      fraudCase.members.slice(demo.rows.length, demo.rows.length + 50),
    );
  });
});
