import type { FieldConfig, FieldDependency } from '../case/field-config';
import { conformsToMask, maskExample } from '../masks/masks';
import { toCamelCase } from '../text/camel-case';
import { evaluateConditions } from './conditions';
import { messageFor, ruleMessage, type MessageText } from './messages';
import { getRule } from './registry';
import type { RuleInput, ValidationContext } from './rule-definition';
import type { Condition, ModelSelector, ValidationRule } from './rule-config';
import { isEmpty, readProperty } from './values';

export { evaluateCondition } from './conditions';
export type { Condition, ModelSelector };

export interface FieldError {
  /** The field's camelCase key. */
  field: string;
  rule: string;
  message: string;
}

/**
 * The values of another model. A model that does not exist yet has no values, so its
 * properties read as empty. Throws when the context cannot look models up at all.
 */
function otherModel(
  selector: ModelSelector,
  ctx: ValidationContext,
  reader: string,
): Readonly<Record<string, unknown>> {
  if (!ctx.resolveModel) {
    throw new Error(
      `${reader} reads the ${selector.formType ?? 'current'} ${selector.dtoMapping} model, but the validation context has no resolveModel`,
    );
  }
  return ctx.resolveModel(selector) ?? {};
}

function ruleInput(rule: ValidationRule, field: FieldConfig, ctx: ValidationContext): RuleInput {
  return {
    rule,
    field,
    value: readProperty(ctx.values, field.key),
    ctx,
    model: rule.targetModel
      ? otherModel(rule.targetModel, ctx, `rule "${rule.type}" of field "${field.key}"`)
      : ctx.values,
  };
}

function runRule(rule: ValidationRule, field: FieldConfig, ctx: ValidationContext): string | null {
  const definition = getRule(rule.type);
  const input = ruleInput(rule, field, ctx);
  if (!definition.runsOnEmpty && isEmpty(input.value)) return null;
  const failure = definition.check(input);
  if (!failure) return null;
  const message = ruleMessage(rule, failure.message, failure.params, ctx.localize);
  return failure.details === undefined ? message : `${message} ${failure.details}`;
}

/** The message of a value its mask would not give; {example} is a finished value. */
export const MASK_MESSAGE: MessageText = {
  key: 'LocKey_Validation_Mask',
  text: 'Enter the complete value in this format: {example}',
};

/** The rule name a mask failure is reported under. */
export const MASK_RULE = 'mask';

/**
 * Why the value is not one the field's input mask gives (a half-typed phone, a ZIP+4 cut
 * short, characters the mask never lets through), or null. Blank values are the required
 * rules' business.
 */
function maskFailure(field: FieldConfig, ctx: ValidationContext): string | null {
  const value = readProperty(ctx.values, field.key);
  if (typeof value !== 'string' || isEmpty(value)) return null;
  const mask = effectiveMask(field, ctx);
  if (conformsToMask(mask, value)) return null;
  return messageFor(MASK_MESSAGE, { example: maskExample(mask) }, ctx.localize);
}

/**
 * Every failing rule of the field, in declared order, then its mask; the page shows the first,
 * so a case's own format message comes before the generic mask message.
 */
export function validateField(field: FieldConfig, ctx: ValidationContext): FieldError[] {
  const errors: FieldError[] = [];
  const key = toCamelCase(field.key);
  for (const rule of field.validations) {
    const message = runRule(rule, field, ctx);
    if (message !== null) errors.push({ field: key, rule: rule.type, message });
  }
  const mask = maskFailure(field, ctx);
  if (mask !== null) errors.push({ field: key, rule: MASK_RULE, message: mask });
  return errors;
}

/**
 * Whether the field must have a value right now: a required rule (requiredOnClientOnly in the
 * browser only), or a conditional one whose condition holds. Drives required styling; the
 * field's disableRequiredStyling flag is for the page to apply.
 */
export function isFieldRequired(field: FieldConfig, ctx: ValidationContext): boolean {
  return field.validations.some(
    (rule) => getRule(rule.type).requires?.(ruleInput(rule, field, ctx)) ?? false,
  );
}

function dependencyFulfilled(
  dependency: FieldDependency,
  field: FieldConfig,
  ctx: ValidationContext,
) {
  const values = dependency.dependencyMetadata
    ? otherModel(dependency.dependencyMetadata, ctx, `a dependency of field "${field.key}"`)
    : ctx.values;
  return evaluateConditions(dependency.conditions, dependency.operator, values);
}

/**
 * docs/behaviour.md#field-dependencies: a field's dependencies are all fulfilled or not. Each
 * dependency combines its conditions with its operator and reads another model when it has
 * dependencyMetadata.
 */
export function dependenciesFulfilled(field: FieldConfig, ctx: ValidationContext): boolean {
  return field.dependencies.every((dependency) => dependencyFulfilled(dependency, field, ctx));
}

/**
 * The mask the field's value must fit (docs/behaviour.md#field-dependencies): the
 * maskOverride of a dependency that is fulfilled, else the field's own mask.
 */
export function effectiveMask(field: FieldConfig, ctx: ValidationContext): string | undefined {
  const override = field.dependencies.find(
    (dependency) =>
      dependency.maskOverride !== undefined && dependencyFulfilled(dependency, field, ctx),
  );
  return override?.maskOverride ?? field.maskName;
}

/** Hidden: some dependency that hides the field when unfulfilled is unfulfilled. */
export function isFieldHidden(field: FieldConfig, ctx: ValidationContext): boolean {
  return field.dependencies.some(
    (dependency) => dependency.hideWhenUnfulfilled && !dependencyFulfilled(dependency, field, ctx),
  );
}

/**
 * Every error of the model's fields. Hidden fields are skipped: their values were reset and
 * the claimant cannot see them. A file field is checked for presence only (its required
 * rules); its content is the upload's business.
 */
export function validateModel(
  fields: Readonly<Record<string, FieldConfig>>,
  ctx: ValidationContext,
): FieldError[] {
  return Object.values(fields).flatMap((field) => {
    if (isFieldHidden(field, ctx)) return [];
    if (field.kind !== 'file') return validateField(field, ctx);
    const presence = field.validations.filter((rule) => getRule(rule.type).requires);
    return validateField({ ...field, validations: presence }, ctx);
  });
}
