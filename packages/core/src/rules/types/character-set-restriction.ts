import type { MessageText } from '../messages';
import type { RuleDefinition, RuleOf } from '../rule-definition';
import { textOf } from '../values';

const RESTRICTED_CHARACTERS: MessageText = {
  key: 'LocKey_Validation_RestrictedCharacters',
  text: 'The following characters are not allowed:',
};

/**
 * Every character must be in the whitelist fetched from GET /api/characters-whitelist. The
 * message is followed by the offending characters, each once, in order of appearance.
 */
export const characterSetRestriction: RuleDefinition<RuleOf<'characterSetRestriction'>> = {
  type: 'characterSetRestriction',
  messages: [RESTRICTED_CHARACTERS],
  runsOnEmpty: false,
  check({ value, ctx }) {
    const whitelist = ctx.characterWhitelist;
    if (whitelist === null) {
      // Passing every value until the list arrives would let any character through.
      throw new Error(
        'characterSetRestriction cannot run before the character whitelist is loaded (GET /api/characters-whitelist)',
      );
    }
    const text = textOf(value);
    if (text === undefined) return { message: RESTRICTED_CHARACTERS };
    const offending = new Set([...text].filter((char) => !whitelist.has(char)));
    return offending.size === 0
      ? null
      : { message: RESTRICTED_CHARACTERS, details: [...offending].join(' ') };
  },
};
