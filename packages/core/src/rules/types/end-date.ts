import { formatEntryDate, toEntryDay } from '../../dates/entry-date';
import { INVALID_DATE_FAILURE } from '../date-values';
import { SHARED_MESSAGES, type MessageText } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { readProperty } from '../values';

const AFTER_START: MessageText = {
  key: 'LocKey_Validation_EndDate',
  text: 'The date must be after {start}',
};
const ON_OR_AFTER_START: MessageText = {
  key: 'LocKey_Validation_EndDate_Inclusive',
  text: 'The date must be on or after {start}',
};

/**
 * The day must come after the start field's day, or may equal it when inclusive. Passes while
 * the start field holds no date: that field's own rules speak for it.
 */
export const endDate: RuleDefinition<RuleOf<'endDate'>> = {
  type: 'endDate',
  messages: [AFTER_START, ON_OR_AFTER_START, SHARED_MESSAGES.invalidDate],
  runsOnEmpty: false,
  check({ rule, value, model }) {
    const end = toEntryDay(value);
    if (!end) return INVALID_DATE_FAILURE;
    const start = toEntryDay(readProperty(model, rule.startProperty));
    if (!start) return null;
    if (rule.inclusive ? end >= start : end > start) return null;
    return {
      message: rule.inclusive ? ON_OR_AFTER_START : AFTER_START,
      params: { start: formatEntryDate(start) },
    };
  },
};
