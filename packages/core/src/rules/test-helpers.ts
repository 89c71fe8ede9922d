import { fieldConfigSchema, type FieldConfig } from '../case/field-config';
import type { FieldError } from './engine';
import { validateField } from './engine';
import type { ValidationContext } from './rule-definition';

/** Noon on Saturday 15 June 2024 in Los Angeles. */
export const NOW = new Date('2024-06-15T19:00:00Z');

export const WHITELIST: ReadonlySet<string> = new Set(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-'",
);

/** A field config as the case definition would produce it, defaults applied. */
export function makeField(
  key: string,
  validations: readonly unknown[],
  extra: Readonly<Record<string, unknown>> = {},
): FieldConfig {
  return fieldConfigSchema.parse({ key, validations, ...extra });
}

export function makeContext(
  values: Readonly<Record<string, unknown>> = {},
  overrides: Partial<ValidationContext> = {},
): ValidationContext {
  return { values, characterWhitelist: WHITELIST, now: NOW, side: 'client', ...overrides };
}

/** Validates `value` as field "answer" against one rule; `others` are the model's other values. */
export function check(
  rule: Readonly<Record<string, unknown>>,
  value: unknown,
  others: Readonly<Record<string, unknown>> = {},
  overrides: Partial<ValidationContext> = {},
  extra: Readonly<Record<string, unknown>> = {},
): FieldError[] {
  const field = makeField('answer', [rule], extra);
  return validateField(field, makeContext({ ...others, answer: value }, overrides));
}

/** The messages of check(). */
export function messages(...args: Parameters<typeof check>): string[] {
  return check(...args).map((error) => error.message);
}

/** A localize function backed by a dictionary. */
export function localizeFrom(texts: Readonly<Record<string, string>>) {
  return (key: string) => texts[key];
}
