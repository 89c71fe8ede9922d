import type { DateTime } from 'luxon';
import type { FieldConfig } from '../../case/field-config';
import { formatEntryDate, parseEntryDate, toEntryDay } from '../../dates/entry-date';
import { INVALID_DATE_FAILURE } from '../date-values';
import { SHARED_MESSAGES, type MessageText } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { toNumber } from '../values';

type RangeRule = RuleOf<'range'>;

const DATE_BETWEEN: MessageText = {
  key: 'LocKey_Validation_Date_Between',
  text: 'The date must be between {min} and {max}',
};

function numberBound(rule: RangeRule, name: 'min' | 'max'): number {
  const bound = toNumber(rule[name]);
  if (bound === null) {
    throw new Error(`range rule ${name} "${String(rule[name])}" is not a number`);
  }
  return bound;
}

function dateBound(rule: RangeRule, name: 'min' | 'max'): DateTime {
  const text = rule[name];
  const bound = typeof text === 'string' ? parseEntryDate(text) : null;
  if (!bound) {
    throw new Error(`range rule ${name} "${String(text)}" is not a date; expected M/d/yyyy`);
  }
  return bound;
}

/**
 * The days a DateTime range rule allows, interpreted in the entry zone (docs/behaviour.md#rules).
 */
export function dateBounds(rule: RangeRule): { min: DateTime; max: DateTime } {
  return { min: dateBound(rule, 'min'), max: dateBound(rule, 'max') };
}

/** The field's first DateTime range, which bounds its date picker (docs/behaviour.md#dates). */
export function dateRangeOf(field: FieldConfig): { min: DateTime; max: DateTime } | undefined {
  const rule = field.validations.find(
    (candidate): candidate is RangeRule =>
      candidate.type === 'range' && candidate.dataType === 'DateTime',
  );
  return rule && dateBounds(rule);
}

/** Numbers between min and max inclusive, or days between min and max inclusive. */
export const range: RuleDefinition<RangeRule> = {
  type: 'range',
  messages: [SHARED_MESSAGES.numberBetween, DATE_BETWEEN, SHARED_MESSAGES.invalidDate],
  runsOnEmpty: false,
  check({ rule, value }) {
    if (rule.dataType === 'DateTime') {
      const { min, max } = dateBounds(rule);
      const day = toEntryDay(value);
      if (!day) return INVALID_DATE_FAILURE;
      return day >= min && day <= max
        ? null
        : {
            message: DATE_BETWEEN,
            params: { min: formatEntryDate(min), max: formatEntryDate(max) },
          };
    }
    const min = numberBound(rule, 'min');
    const max = numberBound(rule, 'max');
    const number = toNumber(value);
    return number !== null && number >= min && number <= max
      ? null
      : { message: SHARED_MESSAGES.numberBetween, params: { min: String(min), max: String(max) } };
  },
  verify(rule) {
    if (rule.dataType === 'DateTime') dateBounds(rule);
    else {
      numberBound(rule, 'min');
      numberBound(rule, 'max');
    }
  },
};
