import { describe, expect, it } from 'vitest';
import { DATE_SUPPORT } from './date-rules';
import { DATE_RULE_TYPES, isDateRuleType } from './date-rule-types';

describe('DATE_SUPPORT', () => {
  it('defines each date rule type under its own name', () => {
    for (const type of DATE_RULE_TYPES) expect(DATE_SUPPORT.rules[type].type).toBe(type);
  });

  it('reads a day, a range in order and a list of days as date text', () => {
    expect(DATE_SUPPORT.isDateText('03/01/2020')).toBe(true);
    expect(DATE_SUPPORT.isDateText('03/01/2020 - 03/05/2020')).toBe(true);
    expect(DATE_SUPPORT.isDateText('03/05/2020 - 03/01/2020')).toBe(false);
    expect(DATE_SUPPORT.isDateText('03/01/2020;03/02/2020')).toBe(true);
    expect(DATE_SUPPORT.isDateText('soon')).toBe(false);
  });
});

describe('isDateRuleType', () => {
  it('tells the date rule types from the others', () => {
    expect(isDateRuleType('validDate')).toBe(true);
    expect(isDateRuleType('required')).toBe(false);
  });
});
