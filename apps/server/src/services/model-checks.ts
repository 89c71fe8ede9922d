import type { FieldConfig, RemoteModelConfig } from '@claims/core/case/field-config';
import { fieldKindProblems } from '@claims/core/case/field-kinds';
import { fileValueSchema } from '@claims/core/contract/submission';
import { isFieldHidden, validateModel } from '@claims/core/rules/engine';
import type { ValidationContext } from '@claims/core/rules/rule-definition';
import { toCamelCase } from '@claims/core/text/camel-case';

/** One thing wrong with a submitted model, naming the field and the rule. */
export interface ModelProblem {
  field: string;
  rule: string;
  message: string;
}

/**
 * Whether the value fits the field's kind, before any rule reads it: the checks of
 * packages/core that the browser runs too (options, checkbox booleans, dates, masks, maximum
 * lengths), and for a file field the shape of the file's metadata.
 */
function kindProblems(
  field: FieldConfig,
  key: string,
  value: unknown,
  context: ValidationContext,
): ModelProblem[] {
  if (field.kind !== 'file') {
    return fieldKindProblems(field, context).map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      message: problem.detail ?? problem.message,
    }));
  }
  if (value === null || value === undefined || fileValueSchema.safeParse(value).success) return [];
  return [
    { field: key, rule: 'type', message: 'expected the file name, size and type of one file' },
  ];
}

export interface CheckedModel {
  problems: ModelProblem[];
  /** The values to keep: camelCase keys, hidden fields cleared (the claimant could not see them). */
  values: Record<string, unknown>;
}

/**
 * Re-checks a model the way the browser checked it (docs/architecture.md#one-rule-engine: the
 * server never trusts the browser): no field the config does not declare, each value of the field's
 * kind (its options, its date, its mask, its maximum length), and every rule and mask of the config
 * passing with packages/core's rule engine.
 */
export function checkModel(
  config: RemoteModelConfig,
  values: Readonly<Record<string, unknown>>,
  ctx: Omit<ValidationContext, 'values'>,
): CheckedModel {
  const fields = Object.values(config.fields);
  const byKey = new Map(fields.map((field) => [toCamelCase(field.key), field]));
  const problems: ModelProblem[] = [];
  for (const key of Object.keys(values)) {
    if (!byKey.has(key)) {
      problems.push({
        field: key,
        rule: 'unknown',
        message: `is not a field of this model; expected one of ${[...byKey.keys()].join(', ')}`,
      });
    }
  }
  const context: ValidationContext = { ...ctx, values };
  const kept: Record<string, unknown> = {};
  for (const [key, field] of byKey) {
    const value = Object.hasOwn(values, key) ? values[key] : null;
    if (isFieldHidden(field, context)) {
      kept[key] = null;
      continue;
    }
    problems.push(...kindProblems(field, key, value, context));
    kept[key] = value ?? null;
  }
  if (problems.length === 0) {
    problems.push(...validateModel(config.fields, context));
  }
  return { problems, values: kept };
}

/** 'claimantInfo.firstName: Value is required (rule required)', for up to five problems. */
export function describeProblems(part: string, problems: readonly ModelProblem[]): string {
  const shown = problems
    .slice(0, 5)
    .map((problem) => `${part}.${problem.field}: ${problem.message} (rule ${problem.rule})`);
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
  return shown.join('; ') + more;
}
