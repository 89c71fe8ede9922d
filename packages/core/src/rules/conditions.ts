import type { Condition } from './rule-config';
import { isEmpty, readProperty, textOf } from './values';

function matchesValue(actual: unknown, expected: string | number | boolean): boolean {
  const wanted = String(expected).trim();
  const candidates = Array.isArray(actual) ? actual : [actual];
  return candidates.some((candidate) => textOf(candidate)?.trim() === wanted);
}

/**
 * One condition of requiredIf, nestedRequiredIf or a field dependency
 * (docs/behaviour.md#conditions). Without a value (absent, null or '') it tests the property for
 * emptiness; with one it compares text forms, so 5 equals '5' and true equals 'true', ignoring
 * surrounding blanks. A list (multi-select) is equal to a value it contains. false is a value here,
 * not empty.
 */
export function evaluateCondition(
  condition: Condition,
  values: Readonly<Record<string, unknown>>,
): boolean {
  const actual = readProperty(values, condition.property);
  const expected = condition.value;
  const equal =
    expected === null || expected === undefined || expected === ''
      ? isEmpty(actual)
      : matchesValue(actual, expected);
  return condition.comparison === 'IsEqualTo' ? equal : !equal;
}

export function evaluateConditions(
  conditions: readonly Condition[],
  operator: 'And' | 'Or',
  values: Readonly<Record<string, unknown>>,
): boolean {
  return operator === 'And'
    ? conditions.every((condition) => evaluateCondition(condition, values))
    : conditions.some((condition) => evaluateCondition(condition, values));
}
