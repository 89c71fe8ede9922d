import { SHARED_MESSAGES } from '../messages';
import { requiredFamilyRule, type RuleOf } from '../rule-definition';

/** Required in the browser only; the server's re-check skips it. */
export const requiredOnClientOnly = requiredFamilyRule<RuleOf<'requiredOnClientOnly'>>(
  'requiredOnClientOnly',
  SHARED_MESSAGES.required,
  ({ ctx }) => ctx.side === 'client',
);
