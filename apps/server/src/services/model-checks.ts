import {
  allowedOptionValues,
  type FieldConfig,
  type RemoteModelConfig,
} from '@claims/core/case/field-config';
import { fileValueSchema } from '@claims/core/contract/submission';
import { isFieldHidden, validateModel, type ValidationContext } from '@claims/core/rules/engine';
import { toCamelCase } from '@claims/core/text/camel-case';

/** One thing wrong with a submitted model, naming the field and the rule. */
export interface ModelProblem {
  field: string;
  rule: string;
  message: string;
}

/**
 * The checks a value needs beyond the rules: its type and its options. Masks are checked with
 * the rules, by the rule engine, as the browser checks them.
 */
function valueProblem(field: FieldConfig, value: unknown): Omit<ModelProblem, 'field'> | null {
  if (value === null || value === undefined) return null;
  if (field.kind === 'file') {
    return fileValueSchema.safeParse(value).success
      ? null
      : { rule: 'type', message: 'expected the file name, size and type of one file' };
  }
  if (typeof value === 'object') {
    return { rule: 'type', message: 'expected text, a number or true/false' };
  }
  if (field.kind === 'checkbox' && typeof value !== 'boolean') {
    return { rule: 'type', message: 'expected true or false' };
  }
  const text = String(value);
  if ((field.kind === 'select' || field.kind === 'radio') && field.options !== undefined) {
    const allowed = allowedOptionValues(field);
    if (text !== '' && !allowed.includes(text)) {
      return {
        rule: 'options',
        message: `unexpected value "${text}"; expected one of ${allowed.join(', ')}`,
      };
    }
  }
  return null;
}

export interface CheckedModel {
  problems: ModelProblem[];
  /** The values to keep: camelCase keys, hidden fields cleared (the claimant could not see them). */
  values: Record<string, unknown>;
}

/**
 * Re-checks a model the way the browser checked it (DESIGN.md: the server never trusts the
 * browser): no field the config does not declare, each value of the field's kind and options
 * respected, and every rule and mask of the config passing with packages/core's rule engine.
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
    const problem = valueProblem(field, value);
    if (problem !== null) problems.push({ field: key, ...problem });
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
