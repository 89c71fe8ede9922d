import { DATE_LIST_SEPARATOR, DATE_RANGE_SEPARATOR } from '../dates/date-text';
import { conformsToMask, DISPLAY_FORMATS, maskExample } from '../masks/masks';
import { effectiveMask, MASK_MESSAGE, MASK_RULE } from '../rules/engine';
import { messageFor, ruleMessage, SHARED_MESSAGES, type MessageText } from '../rules/messages';
import { dateSupport, getRule } from '../rules/registry';
import type { RuleOf, ValidationContext } from '../rules/rule-definition';
import type { ValidationRule } from '../rules/rule-config';
import { isEmpty, readProperty } from '../rules/values';
import { toCamelCase } from '../text/camel-case';
import { SITE_OPTION_VALUES } from './address-options';
import { allowedOptionValues, type FieldConfig, type FieldKind } from './field-config';

/** The longest text a field takes when its rules declare no maxLength: a name, a line. */
export const DEFAULT_TEXT_MAX_LENGTH = 500;

/** The longest text a textarea takes when its rules declare no maxLength: a few paragraphs. */
export const DEFAULT_TEXTAREA_MAX_LENGTH = 4000;

/** How a date field holds a range of days ("start - end") and a list of days ("a;b"). */
export { DATE_LIST_SEPARATOR, DATE_RANGE_SEPARATOR };

/** The messages of the kind checks that no rule gives. */
export const FIELD_KIND_MESSAGES = {
  option: { key: 'LocKey_Validation_Option', text: 'Choose one of the options offered' },
  valueKind: { key: 'LocKey_Validation_ValueKind', text: 'The value is not valid for this field' },
} as const satisfies Record<string, MessageText>;

/** One way a value does not fit its field's kind. */
export interface FieldKindProblem {
  /** The field's camelCase key. */
  field: string;
  /** 'type', 'options', 'date', 'mask', or the rule that set the bound (maxLength, validDate). */
  rule: string;
  /** What the claimant reads, in the active culture; a rule's message where it set the bound. */
  message: string;
  /** For a caller of the API, when the message does not say what was sent and what is allowed. */
  detail?: string;
}

type Problem = Omit<FieldKindProblem, 'field'>;

/**
 * The values a select, radio or hybrid field offers: its options and none choice, else the
 * site's list for an address select whose options the browser supplies; none otherwise.
 */
export function offeredValues(
  field: Pick<FieldConfig, 'key' | 'options' | 'noneOption'>,
): readonly string[] {
  if (field.options !== undefined) return allowedOptionValues(field);
  const key = toCamelCase(field.key);
  const siteList = Object.hasOwn(SITE_OPTION_VALUES, key) ? SITE_OPTION_VALUES[key] : undefined;
  return siteList ?? [];
}

function defaultMaxLength(kind: FieldKind): number {
  return kind === 'textarea' ? DEFAULT_TEXTAREA_MAX_LENGTH : DEFAULT_TEXT_MAX_LENGTH;
}

/** The maxLength rules the field declares, else its kind's default as one such rule. */
function lengthRules(field: FieldConfig): readonly RuleOf<'maxLength'>[] {
  const declared = field.validations.filter(
    (rule): rule is RuleOf<'maxLength'> => rule.type === 'maxLength',
  );
  return declared.length > 0
    ? declared
    : [{ type: 'maxLength', max: defaultMaxLength(field.kind) }];
}

/** The longest text the field takes: its declared maxLength, else its kind's default. */
export function fieldMaxLength(field: FieldConfig): number {
  return Math.min(...lengthRules(field).map((rule) => rule.max));
}

/** The message of a rule the value fails, as the rule engine words it; null when it passes. */
function ruleFailure(
  rule: ValidationRule,
  field: FieldConfig,
  value: unknown,
  ctx: ValidationContext,
): string | null {
  const failure = getRule(rule.type).check({ rule, field, value, ctx, model: ctx.values });
  return failure === null ? null : ruleMessage(rule, failure.message, failure.params, ctx.localize);
}

function firstRuleProblem(
  rules: readonly ValidationRule[],
  field: FieldConfig,
  value: unknown,
  ctx: ValidationContext,
): Problem | null {
  for (const rule of rules) {
    const message = ruleFailure(rule, field, value, ctx);
    if (message !== null) return { rule: rule.type, message };
  }
  return null;
}

/** How much of an unexpected value a problem repeats, in characters. */
const QUOTED_LENGTH = 40;

function quoted(text: string): string {
  // Whole characters: QUOTED_LENGTH of them never take more than twice as many code units.
  const shown = [...text.slice(0, QUOTED_LENGTH * 2)].slice(0, QUOTED_LENGTH).join('');
  return JSON.stringify(shown === text ? text : `${shown}…`);
}

function optionsProblem(
  field: FieldConfig,
  value: unknown,
  ctx: ValidationContext,
): Problem | null {
  const offered = offeredValues(field);
  const text = String(value);
  if (offered.includes(text)) return null;
  const expected =
    offered.length === 0 ? 'the field offers no options' : `expected one of ${offered.join(', ')}`;
  return {
    rule: 'options',
    message: messageFor(FIELD_KIND_MESSAGES.option, {}, ctx.localize),
    detail: `unexpected value ${quoted(text)}; ${expected}`,
  };
}

/**
 * A date field's value: the field's validDate rules when it declares some, else the entry
 * format M/d/yyyy (MM/dd/yyyy as the date picker writes it), each day of a range or list.
 */
function dateProblem(field: FieldConfig, value: unknown, ctx: ValidationContext): Problem | null {
  const declared = field.validations.filter((rule) => rule.type === 'validDate');
  if (declared.length > 0) return firstRuleProblem(declared, field, value, ctx);
  if (typeof value === 'string' && dateSupport().isDateText(value)) return null;
  return {
    rule: 'date',
    message: messageFor(
      SHARED_MESSAGES.invalidDate,
      { format: DISPLAY_FORMATS.date },
      ctx.localize,
    ),
  };
}

function maskProblem(field: FieldConfig, value: unknown, ctx: ValidationContext): Problem | null {
  if (typeof value !== 'string') return null;
  const mask = effectiveMask(field, ctx);
  if (conformsToMask(mask, value)) return null;
  return {
    rule: MASK_RULE,
    message: messageFor(MASK_MESSAGE, { example: maskExample(mask) }, ctx.localize),
  };
}

function typeProblem(detail: string, ctx: ValidationContext): Problem {
  return {
    rule: 'type',
    message: messageFor(FIELD_KIND_MESSAGES.valueKind, {}, ctx.localize),
    detail,
  };
}

function kindProblems(field: FieldConfig, value: unknown, ctx: ValidationContext): Problem[] {
  // A file field holds the file's metadata, which the submission contract checks.
  if (field.kind === 'file' || value === null || value === undefined) return [];
  if (field.kind === 'checkbox') {
    return typeof value === 'boolean' ? [] : [typeProblem('expected true or false', ctx)];
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return [typeProblem('expected text, a number or true/false', ctx)];
  }
  if (isEmpty(value)) return [];
  if (field.kind === 'select' || field.kind === 'radio') {
    const problem = optionsProblem(field, value, ctx);
    return problem === null ? [] : [problem];
  }
  // A hybrid field holds one of its options or the claimant's own words: any text, as long
  // as it fits. Over-long text is reported alone, before any costlier parsing of it.
  const tooLong = firstRuleProblem(lengthRules(field), field, value, ctx);
  if (tooLong !== null) return [tooLong];
  const problems = [
    field.kind === 'date' ? dateProblem(field, value, ctx) : null,
    maskProblem(field, value, ctx),
  ];
  return problems.filter((problem) => problem !== null);
}

/**
 * Whether the field's value is of the field's kind, whatever rules the case declares (ASVS
 * 5.1.3: allow lists): a select or radio value is one of the options offered, a checkbox
 * holds true or false, a date field real days, a masked field a finished entry of its mask,
 * and every text fits a maximum length (the declared maxLength, else 500 characters, or 4,000
 * for a textarea). Empty values pass; whether one is needed is the required rules' business.
 * The browser and the server both check with this.
 */
export function fieldKindProblems(field: FieldConfig, ctx: ValidationContext): FieldKindProblem[] {
  const value = readProperty(ctx.values, field.key);
  const key = toCamelCase(field.key);
  return kindProblems(field, value, ctx).map((problem) => ({ field: key, ...problem }));
}
