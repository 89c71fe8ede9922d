import { DISPLAY_FORMATS } from '../masks/masks';
import { SHARED_MESSAGES } from './messages';
import type { RuleFailure } from './rule-definition';

/**
 * The failure of a date rule whose value is not a date (docs/behaviour.md#configuration-errors:
 * unexpected date format).
 */
export const INVALID_DATE_FAILURE: RuleFailure = {
  message: SHARED_MESSAGES.invalidDate,
  params: { format: DISPLAY_FORMATS.date },
};
