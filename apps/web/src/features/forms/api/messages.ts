import type { MessageText } from '@claims/core/rules/messages';
import { ERROR_MESSAGES } from '../../../lib/error-messages';
import { translate, useLocalizationStore } from '../../../stores/localization-store';

/**
 * A message (docs/behaviour.md#errors) in the active culture, for code that runs outside
 * components.
 */
export function message(entry: MessageText): string {
  return translate(useLocalizationStore.getState(), entry.key, entry.text);
}

export { ERROR_MESSAGES };
