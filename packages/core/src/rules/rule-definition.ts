import type { FieldConfig } from '../case/field-config';
import type { Localize, MessageParams, MessageText } from './messages';
import type { ModelSelector, ValidationRule, ValidationRuleType } from './rule-config';
import { isEmpty } from './values';

/**
 * Everything a rule may read. The browser and the server build one each; the rules are the
 * same on both sides (docs/architecture.md#one-rule-engine).
 */
export interface ValidationContext {
  /** The model's values, camelCase keys. */
  values: Readonly<Record<string, unknown>>;
  /** Another model's values, for rules with a targetModel and dependencies with dependencyMetadata. */
  resolveModel?: (selector: ModelSelector) => Readonly<Record<string, unknown>> | undefined;
  /**
   * One entry per character (code point), e.g. `new Set([...allowedCharacters])`; null until
   * GET /api/characters-whitelist has answered.
   */
  characterWhitelist: ReadonlySet<string> | null;
  now: Date;
  /** The active culture's text for a key; undefined when the content has none. */
  localize?: Localize;
  side: 'client' | 'server';
}

export type RuleOf<T extends ValidationRuleType> = Extract<ValidationRule, { type: T }>;

/** What a rule sees when it runs. */
export interface RuleInput<R extends ValidationRule = ValidationRule> {
  rule: R;
  field: FieldConfig;
  /** The field's own value. */
  value: unknown;
  ctx: ValidationContext;
  /** The values the rule's other-property references read: targetModel's, else the field's model. */
  model: Readonly<Record<string, unknown>>;
}

export interface RuleFailure {
  message: MessageText;
  params?: MessageParams;
  /** Appended to the message after a space (the offending characters of characterSetRestriction). */
  details?: string;
}

/** One server-declared rule type (docs/behaviour.md#rules), registered in registry.ts. */
export interface RuleDefinition<R extends ValidationRule = ValidationRule> {
  readonly type: R['type'];
  /** Every message the rule can give, for the localisation catalogue. */
  readonly messages: readonly MessageText[];
  /**
   * Whether the rule runs when the field's value is empty. Only the required family and the
   * rules about other fields do; every other rule passes an empty value.
   */
  readonly runsOnEmpty: boolean;
  /** Required family only: whether the field needs a value right now (drives required styling). */
  requires?(input: RuleInput<R>): boolean;
  check(input: RuleInput<R>): RuleFailure | null;
  /** Throws when the rule's arguments cannot work (a pattern that does not compile, …). */
  verify?(rule: R): void;
}

/** A required checkbox must be ticked; for other fields false is a value. */
export function isFieldValueEmpty(input: RuleInput): boolean {
  return isEmpty(input.value, { falseIsEmpty: input.field.kind === 'checkbox' });
}

/** A rule of the required family: when `requires` holds, an empty value fails with `message`. */
export function requiredFamilyRule<R extends ValidationRule>(
  type: R['type'],
  message: MessageText,
  requires: (input: RuleInput<R>) => boolean,
  verify?: (rule: R) => void,
): RuleDefinition<R> {
  return {
    type,
    messages: [message],
    runsOnEmpty: true,
    requires,
    check: (input) => (requires(input) && isFieldValueEmpty(input) ? { message } : null),
    ...(verify && { verify }),
  };
}
