import { verifyRule } from '../rules/registry';
import type { ValidationRule } from '../rules/rule-config';
import { dateBounds } from '../rules/types/range';
import { toNumber } from '../rules/values';
import { maskProblem } from './field-checks';
import type { FieldConfig } from './field-config';
import { findField, resolveModel, type ModelEntry } from './model-entries';
import type { Path, Problem } from './schema-issues';

/** The other fields a rule reads, with the path of each reference inside the rule. */
function ruleReferences(rule: ValidationRule): { property: string; path: Path }[] {
  switch (rule.type) {
    case 'endDate':
      return [{ property: rule.startProperty, path: ['startProperty'] }];
    case 'requiredIf':
      return [{ property: rule.condition.property, path: ['condition', 'property'] }];
    case 'nestedRequiredIf':
      return rule.conditions.map((condition, index) => ({
        property: condition.property,
        path: ['conditions', index, 'property'],
      }));
    case 'requiredIfOtherPropertyMatchesRegex':
      return [{ property: rule.property, path: ['property'] }];
    case 'requireOnePropertyValTrue':
    case 'RequireOnePropertyToHaveAValue':
      return rule.properties.map((property, index) => ({
        property,
        path: ['properties', index],
      }));
    default:
      return [];
  }
}

/**
 * Whether the rule's own arguments work: the rule engine's verifyRule (patterns compile, range
 * bounds are numbers or dates), then that a range does not end before it starts.
 */
function ruleArgumentProblem(rule: ValidationRule): Problem | null {
  try {
    verifyRule(rule);
  } catch (error) {
    return { path: [], message: (error as Error).message };
  }
  if (rule.type !== 'range') return null;
  if (rule.dataType === 'DateTime') {
    const { min, max } = dateBounds(rule);
    return min > max
      ? { path: ['max'], message: `max ${rule.max} is before min ${rule.min}` }
      : null;
  }
  const [min, max] = [toNumber(rule.min), toNumber(rule.max)] as [number, number];
  return min > max ? { path: ['max'], message: `max ${rule.max} is below min ${rule.min}` } : null;
}

/**
 * A field's rules and dependencies: the models and fields they name exist (and are fields they
 * can read), and their own arguments work.
 */
export function ruleAndDependencyProblems(
  field: FieldConfig,
  fieldPath: Path,
  owner: ModelEntry,
  entries: ModelEntry[],
): Problem[] {
  const problems: Problem[] = [];
  field.validations.forEach((rule, ruleIndex) => {
    const rulePath = [...fieldPath, 'validations', ruleIndex];
    const target = resolveModel(entries, owner, rule.targetModel);
    if ('error' in target) {
      problems.push({ path: [...rulePath, 'targetModel'], message: `targetModel ${target.error}` });
    } else {
      for (const reference of ruleReferences(rule)) {
        const referenced = findField(target.model, reference.property);
        if (referenced === undefined) {
          problems.push({
            path: [...rulePath, ...reference.path],
            message: `${rule.type} names "${reference.property}", which is not a field of its model; expected one of ${target.model.fields.map((f) => f.key).join(', ')}`,
          });
        } else if (rule.type === 'requireOnePropertyValTrue' && referenced.kind !== 'checkbox') {
          problems.push({
            path: [...rulePath, ...reference.path],
            message: `requireOnePropertyValTrue needs checkbox fields; "${referenced.key}" is a ${referenced.kind} field`,
          });
        }
      }
    }
    const argumentProblem = ruleArgumentProblem(rule);
    if (argumentProblem !== null) {
      problems.push({ ...argumentProblem, path: [...rulePath, ...argumentProblem.path] });
    }
  });
  field.dependencies.forEach((dependency, dependencyIndex) => {
    const dependencyPath = [...fieldPath, 'dependencies', dependencyIndex];
    const mask =
      dependency.maskOverride === undefined ? null : maskProblem(dependency.maskOverride);
    if (mask !== null) problems.push({ path: [...dependencyPath, 'maskOverride'], message: mask });
    const target = resolveModel(entries, owner, dependency.dependencyMetadata);
    if ('error' in target) {
      problems.push({
        path: [...dependencyPath, 'dependencyMetadata'],
        message: `dependencyMetadata ${target.error}`,
      });
      return;
    }
    dependency.conditions.forEach((condition, conditionIndex) => {
      const path = [...dependencyPath, 'conditions', conditionIndex, 'property'];
      const referenced = findField(target.model, condition.property);
      if (referenced === undefined) {
        problems.push({
          path,
          message: `dependency names "${condition.property}", which is not a field of its model; expected one of ${target.model.fields.map((f) => f.key).join(', ')}`,
        });
      } else if (referenced.kind === 'file') {
        problems.push({
          path,
          message: `dependency on the file field "${referenced.key}"; dependencies on a file field are an error`,
        });
      } else if (referenced === field) {
        problems.push({ path, message: `field "${field.key}" cannot depend on itself` });
      }
    });
  });
  return problems;
}
