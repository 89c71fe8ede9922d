import { describe, expect, it } from 'vitest';
import { describeIssue, formatPath } from '../case/schema-issues';
import { lifecycleSettingsSchema } from './lifecycle-settings';
import { lifecycleSettingsSource } from './test-helpers';

/** The problems as the case definition reports them, each with its path under `lifecycle`. */
function problemsOf(change: (source: Record<string, unknown>) => void): string[] {
  const source = lifecycleSettingsSource();
  change(source);
  const result = lifecycleSettingsSchema.safeParse(source, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map(
    (issue) => `${formatPath('lifecycle', issue.path)}: ${describeIssue(issue)}`,
  );
}

function reasons(source: Record<string, unknown>, list: string): Record<string, unknown>[] {
  return source[list] as Record<string, unknown>[];
}

describe('lifecycleSettingsSchema', () => {
  it('accepts reasons with their content keys and the two windows', () => {
    expect(lifecycleSettingsSchema.parse(lifecycleSettingsSource())).toMatchObject({
      cureWindowDays: 30,
      appealWindowDays: 45,
      uncuredDenialReason: 'deficiency_not_cured',
      deficiencyReasons: [
        {
          code: 'missing_receipt',
          labelKey: 'LocKey_Deficiency_MissingReceipt',
          whatToSendKey: 'LocKey_Deficiency_MissingReceipt_Send',
        },
        expect.objectContaining({ code: 'unreadable_document' }),
      ],
    });
  });

  it('gives a case that writes no windows 30 days to cure and 30 days to appeal', () => {
    const source = lifecycleSettingsSource();
    delete source.cureWindowDays;
    delete source.appealWindowDays;
    expect(lifecycleSettingsSchema.parse(source)).toMatchObject({
      cureWindowDays: 30,
      appealWindowDays: 30,
    });
  });

  it.each([0, -5])('refuses a cure window of %s days', (days) => {
    expect(problemsOf((source) => (source.cureWindowDays = days))).toEqual([
      `lifecycle.cureWindowDays: must be at least 1 day; got ${days}`,
    ]);
  });

  it('refuses an appeal window of part of a day', () => {
    expect(problemsOf((source) => (source.appealWindowDays = 2.5))).toEqual([
      'lifecycle.appealWindowDays: expected a whole number of days; got 2.5',
    ]);
  });

  it('refuses a window longer than a year', () => {
    expect(problemsOf((source) => (source.appealWindowDays = 366))).toEqual([
      'lifecycle.appealWindowDays: must be at most 365 days; got 366',
    ]);
  });

  it('refuses a window given as text', () => {
    expect(problemsOf((source) => (source.cureWindowDays = '30'))).toEqual([
      'lifecycle.cureWindowDays: expected number, got string',
    ]);
  });

  it('refuses a deficiency reason code used twice, naming the first', () => {
    expect(
      problemsOf((source) => (reasons(source, 'deficiencyReasons')[1]!.code = 'missing_receipt')),
    ).toEqual([
      'lifecycle.deficiencyReasons[1].code: duplicate deficiency reason code "missing_receipt"; deficiencyReasons[0] has it already',
    ]);
  });

  it('refuses a denial reason code used twice, naming the first', () => {
    expect(
      problemsOf((source) => (reasons(source, 'denialReasons')[2]!.code = 'not_a_member')),
    ).toEqual([
      'lifecycle.denialReasons[2].code: duplicate denial reason code "not_a_member"; denialReasons[0] has it already',
    ]);
  });

  it('refuses an uncured-deficiency reason that is not a denial reason, listing those', () => {
    expect(problemsOf((source) => (source.uncuredDenialReason = 'missing_receipt'))).toEqual([
      'lifecycle.uncuredDenialReason: unknown denial reason code "missing_receipt"; expected one of not_a_member, deficiency_not_cured, duplicate_claim',
    ]);
  });

  it('refuses a reason code that is not lowercase letters, digits and underscores', () => {
    expect(
      problemsOf((source) => (reasons(source, 'denialReasons')[0]!.code = 'Not-A-Member')),
    ).toEqual([
      'lifecycle.denialReasons[0].code: expected a reason code of lowercase letters, digits and "_", such as missing_receipt',
    ]);
  });

  it('refuses a label that is not a content key', () => {
    expect(
      problemsOf((source) => (reasons(source, 'denialReasons')[0]!.labelKey = 'Not a member')),
    ).toEqual([
      'lifecycle.denialReasons[0].labelKey: expected a content key of letters, digits, "_", "." or "-", such as LocKey_Faq_Title',
    ]);
  });

  it('needs what to send for every deficiency reason', () => {
    expect(
      problemsOf((source) => delete reasons(source, 'deficiencyReasons')[0]!.whatToSendKey),
    ).toEqual(['lifecycle.deficiencyReasons[0].whatToSendKey: is required (expected string)']);
  });

  it('needs at least one reason of each kind', () => {
    expect(
      problemsOf((source) => {
        source.deficiencyReasons = [];
        source.denialReasons = [];
      }),
    ).toEqual([
      'lifecycle.deficiencyReasons: expected at least one reason',
      'lifecycle.denialReasons: expected at least one reason',
    ]);
  });

  it('refuses an unknown key, listing the known ones', () => {
    expect(problemsOf((source) => (source.cureDays = 30))).toEqual([
      'lifecycle: unexpected key "cureDays"; expected cureWindowDays, appealWindowDays, deficiencyReasons, denialReasons, uncuredDenialReason',
    ]);
  });
});
