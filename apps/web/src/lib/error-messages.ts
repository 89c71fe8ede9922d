import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import type { MessageText } from '@claims/core/rules/messages';

/**
 * The user-facing messages of docs/behaviour.md#errors, each with the content key that gives its
 * text in the active culture. Show them as t(message.key, message.text).
 */
export const ERROR_MESSAGES = {
  /** Loading configuration failed (forms config, character whitelist, site settings). */
  configLoad: {
    key: UI_CONTENT_KEYS.shared.configLoadError,
    text: 'Your request failed. Please reload and try again.',
  },
  submission: {
    key: UI_CONTENT_KEYS.shared.submissionError,
    text: 'An error occured during your submission. Please try again. If this problem persists, please contact the settlement administrator at the email below.',
  },
  /** Authorize failures other than 400/401; csrf, deadlines, captcha, payment settings, cultures. */
  problem: {
    key: UI_CONTENT_KEYS.shared.problemError,
    text: 'A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.',
  },
  /** The submit answer carried no reference code. */
  submissionDefault: {
    key: UI_CONTENT_KEYS.shared.submissionDefaultError,
    text: 'Your submission could not be confirmed. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.',
  },
} as const satisfies Record<string, MessageText>;
