import { parseDateInFormats } from '../../dates/entry-date';
import type { MessageText } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';

const INVALID_DATE_IN_FORMATS: MessageText = {
  key: 'LocKey_Validation_ValidDate',
  text: 'The value must be a valid date ({formats})',
};

/** The text must parse as a real date in one of the listed Luxon formats ('MM/dd/yyyy', …). */
export const validDate: RuleDefinition<RuleOf<'validDate'>> = {
  type: 'validDate',
  messages: [INVALID_DATE_IN_FORMATS],
  runsOnEmpty: false,
  check({ rule, value }) {
    return typeof value === 'string' && parseDateInFormats(value, rule.formats)
      ? null
      : { message: INVALID_DATE_IN_FORMATS, params: { formats: rule.formats.join(', ') } };
  },
};
