import { DEADLINE_NAMES, DEFAULT_REDIRECT_KEY } from '../deadlines/deadlines';
import { FORM_TYPES, SINGLE_MODEL_PARTS, type FormType } from '../form-types';
import { getMask } from '../masks/masks';
import { verifyRule } from '../rules/registry';
import type { ModelSelector, ValidationRule } from '../rules/rule-config';
import { dateBounds } from '../rules/types/range';
import { toNumber } from '../rules/values';
import { toCamelCase } from '../text/camel-case';
import type { CaseDefinition, CaseModel } from './case-schema';
import { REQUIRED_CONTENT_KEYS } from './content-keys';
import { allowedOptionValues, NONE_OPTION_VALUE, type FieldConfig } from './field-config';
import { localizationProblem } from './localization';
import { stableStringify } from './metadata-hash';
import type { Problem } from './schema-issues';

/**
 * The checks of a case definition that span more than one value: they run once its shape
 * has parsed, and each returns every problem it finds so the administrator sees them all.
 */

type Path = readonly PropertyKey[];

/** The enabled cultures, default first, then in the order the case lists them. */
export function enabledCultureCodes(caseDef: CaseDefinition): string[] {
  const enabled = Object.entries(caseDef.cultures.enabled)
    .filter(([, culture]) => culture.enabled)
    .map(([code]) => code);
  const defaultCulture = caseDef.cultures.default;
  if (!enabled.includes(defaultCulture)) return enabled;
  return [defaultCulture, ...enabled.filter((code) => code !== defaultCulture)];
}

function cultureProblems(caseDef: CaseDefinition): Problem[] {
  const { default: defaultCulture, enabled } = caseDef.cultures;
  const entry = enabled[defaultCulture];
  if (entry === undefined) {
    return [
      {
        path: ['cultures', 'default'],
        message: `default culture "${defaultCulture}" is not listed; expected one of ${Object.keys(enabled).join(', ') || '(none)'}`,
      },
    ];
  }
  if (!entry.enabled) {
    return [
      {
        path: ['cultures', 'enabled', defaultCulture, 'enabled'],
        message: `the default culture "${defaultCulture}" must be enabled`,
      },
    ];
  }
  return [];
}

/** Properties whose string (or list of strings) values are content keys. */
const CONTENT_KEY_PROPERTIES = new Set([
  'projectTitleKey',
  'projectSubtitleKey',
  'altKey',
  'headerKey',
  'copyKeys',
  'titleKey',
  'headingKey',
  'paragraphKeys',
  'labelKey',
  'valueKey',
  'questionKey',
  'answerKey',
  'descriptionKey',
  'messageKey',
  'label',
]);

/** Every content key the definition names, with where it names it. */
function contentKeyReferences(value: unknown, path: Path = []): { key: string; path: Path }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => contentKeyReferences(item, [...path, index]));
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([property, child]) => {
    const childPath = [...path, property];
    if (CONTENT_KEY_PROPERTIES.has(property)) {
      if (typeof child === 'string') return child === '' ? [] : [{ key: child, path: childPath }];
      if (Array.isArray(child)) {
        return child.flatMap((key, index) =>
          typeof key === 'string' ? [{ key, path: [...childPath, index] }] : [],
        );
      }
    }
    return contentKeyReferences(child, childPath);
  });
}

function contentProblems(caseDef: CaseDefinition): Problem[] {
  const problems: Problem[] = [];
  for (const [culture, entries] of Object.entries(caseDef.content)) {
    for (const [key, value] of Object.entries(entries)) {
      const problem = localizationProblem(key, value);
      if (problem !== null) problems.push({ path: ['content', culture, key], message: problem });
    }
  }
  const defaultCulture = caseDef.cultures.default;
  const reference = caseDef.content[defaultCulture];
  for (const culture of enabledCultureCodes(caseDef)) {
    const entries = caseDef.content[culture];
    if (entries === undefined) {
      problems.push({
        path: ['content', culture],
        message: `no content for the enabled culture "${culture}"`,
      });
      continue;
    }
    if (culture === defaultCulture || reference === undefined) continue;
    // Every culture carries the same keys as the default one, so a claimant reading any
    // language sees a text wherever an English reader does.
    for (const key of Object.keys(reference)) {
      if (!Object.hasOwn(entries, key)) {
        problems.push({
          path: ['content', culture, key],
          message: `missing; the default culture "${defaultCulture}" has this key`,
        });
      }
    }
    for (const key of Object.keys(entries)) {
      if (!Object.hasOwn(reference, key)) {
        problems.push({
          path: ['content', culture, key],
          message: `not in the default culture "${defaultCulture}"; every culture needs the same keys`,
        });
      }
    }
  }
  if (reference === undefined) return problems;
  for (const key of REQUIRED_CONTENT_KEYS) {
    if (!Object.hasOwn(reference, key)) {
      problems.push({
        path: ['content', defaultCulture, key],
        message: 'missing; the site shows this text on its pages',
      });
    }
  }
  const { content: _content, ...rest } = caseDef;
  for (const { key, path } of contentKeyReferences(rest)) {
    if (!Object.hasOwn(reference, key)) {
      problems.push({
        path,
        message: `content key "${key}" is not in the content of the default culture "${defaultCulture}"`,
      });
    }
  }
  return problems;
}

function deadlineProblems(caseDef: CaseDefinition): Problem[] {
  const problems: Problem[] = [];
  const enabled = enabledCultureCodes(caseDef);
  for (const name of DEADLINE_NAMES) {
    for (const culture of Object.keys(caseDef.deadlines[name]?.redirectUrls ?? {})) {
      if (culture !== DEFAULT_REDIRECT_KEY && !enabled.includes(culture)) {
        problems.push({
          path: ['deadlines', name, 'redirectUrls', culture],
          message: `culture "${culture}" is not enabled; expected one of ${[...enabled, DEFAULT_REDIRECT_KEY].join(', ')}`,
        });
      }
    }
  }
  caseDef.pages.keyDates.dates.forEach((row, index) => {
    if (row.deadline !== undefined && caseDef.deadlines[row.deadline] === undefined) {
      problems.push({
        path: ['pages', 'keyDates', 'dates', index, 'deadline'],
        message: `deadline ${row.deadline} is not defined under case.deadlines`,
      });
    }
  });
  return problems;
}

interface ModelEntry {
  formType: FormType;
  index: number;
  model: CaseModel;
  path: Path;
}

function modelEntries(caseDef: CaseDefinition): ModelEntry[] {
  return FORM_TYPES.flatMap((formType) =>
    (caseDef.forms[formType] ?? []).map((model, index) => ({
      formType,
      index,
      model,
      path: ['forms', formType, index],
    })),
  );
}

function formStructureProblems(caseDef: CaseDefinition, entries: ModelEntry[]): Problem[] {
  const problems: Problem[] = [];
  const configured = FORM_TYPES.filter((formType) => caseDef.forms[formType] !== undefined);
  if (configured.length === 0) {
    problems.push({
      path: ['forms'],
      message: `no form is configured; expected at least one of ${FORM_TYPES.join(', ')}`,
    });
  }
  for (const formType of configured) {
    const models = entries.filter((entry) => entry.formType === formType);
    // Each form is opened by an authorize call with its credentials (SPEC.md section 6).
    if (!models.some((entry) => entry.model.metadata.dtoMapping === 'Credentials')) {
      problems.push({
        path: ['forms', formType],
        message: 'has no Credentials model; every form authorizes with one',
      });
    }
    for (const part of SINGLE_MODEL_PARTS) {
      const same = models.filter((entry) => entry.model.metadata.dtoMapping === part);
      for (const extra of same.slice(1)) {
        problems.push({
          path: [...extra.path, 'metadata', 'dtoMapping'],
          message: `a second ${part} model in ${formType}; a submission holds one ${part} model (first at ${['case', 'forms', formType].join('.')}[${(same[0] as ModelEntry).index}])`,
        });
      }
    }
  }
  const seen = new Map<string, ModelEntry>();
  for (const entry of entries) {
    const text = stableStringify(entry.model.metadata);
    const first = seen.get(text);
    if (first === undefined) seen.set(text, entry);
    else {
      problems.push({
        path: [...entry.path, 'metadata'],
        message: `same metadata as case.forms.${first.formType}[${first.index}]; pages could not tell the models apart`,
      });
    }
  }
  return problems;
}

/** The model a rule or dependency reads: its own, or the one its selector names. */
function resolveModel(
  entries: ModelEntry[],
  owner: ModelEntry,
  selector: ModelSelector | undefined,
): { model: CaseModel } | { error: string } {
  if (selector === undefined) return { model: owner.model };
  const formType = selector.formType ?? owner.formType;
  const matches = entries.filter(
    (entry) =>
      entry.formType === formType && entry.model.metadata.dtoMapping === selector.dtoMapping,
  );
  if (matches.length === 1) return { model: (matches[0] as ModelEntry).model };
  return {
    error:
      matches.length === 0
        ? `names no model: no ${selector.dtoMapping} model in ${formType}`
        : `is ambiguous: ${formType} has ${matches.length} ${selector.dtoMapping} models`,
  };
}

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

function findField(model: CaseModel, property: string): FieldConfig | undefined {
  const key = toCamelCase(property);
  return model.fields.find((field) => field.key === key);
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

function maskProblem(name: string | undefined): string | null {
  try {
    getMask(name);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const OPTION_KINDS: ReadonlySet<string> = new Set(['select', 'radio', 'hybridRadioText']);
const KINDS_NEEDING_OPTIONS: ReadonlySet<string> = new Set(['radio', 'hybridRadioText']);

function fieldShapeProblems(field: FieldConfig, fieldPath: Path, model: CaseModel): Problem[] {
  const problems: Problem[] = [];
  const at = (path: Path, message: string) =>
    problems.push({ path: [...fieldPath, ...path], message });
  if (!/^[a-z][A-Za-z0-9]*$/.test(field.key)) {
    at(
      ['key'],
      `field key "${field.key}" must be camelCase letters and digits, e.g. ${toCamelCase(field.key.replace(/[^A-Za-z0-9]/g, '')) || 'firstName'}`,
    );
  }
  if (field.options !== undefined && !OPTION_KINDS.has(field.kind)) {
    at(
      ['options'],
      `a ${field.kind} field takes no options; only select, radio and hybridRadioText do`,
    );
  }
  if (KINDS_NEEDING_OPTIONS.has(field.kind) && (field.options ?? []).length === 0) {
    at(['options'], `a ${field.kind} field needs at least one option`);
  }
  const values = new Set<string>();
  (field.options ?? []).forEach((option, index) => {
    if (values.has(option.value))
      at(['options', index, 'value'], `duplicate option value "${option.value}"`);
    values.add(option.value);
  });
  if (field.noneOption !== undefined && field.kind !== 'radio') {
    at(['noneOption'], `only a radio field takes a noneOption, not a ${field.kind} field`);
  }
  if (field.noneOption !== undefined && values.has(NONE_OPTION_VALUE)) {
    at(
      ['noneOption'],
      `the none option stores "${NONE_OPTION_VALUE}", which an option already uses; give that option another value`,
    );
  }
  const allowed = allowedOptionValues(field);
  if (
    field.options !== undefined &&
    field.defaultValue !== null &&
    !allowed.includes(String(field.defaultValue))
  ) {
    at(
      ['defaultValue'],
      `default value ${JSON.stringify(field.defaultValue)} is not one of the options ${allowed.join(', ')}`,
    );
  }
  if (
    field.kind === 'checkbox' &&
    field.defaultValue !== null &&
    typeof field.defaultValue !== 'boolean'
  ) {
    at(['defaultValue'], 'a checkbox default must be true or false');
  }
  const mask = maskProblem(field.maskName);
  if (mask !== null) at(['maskName'], mask);
  if (field.kind === 'file') {
    // SPEC.md section 5 and 8: a dependency would reset the file input, which cannot be cleared.
    if (field.dependencies.length > 0) {
      at(
        ['dependencies'],
        'a file field cannot have dependencies; dependencies on a file field are an error',
      );
    }
    if (model.metadata.dtoMapping !== 'DocumentContexts') {
      at(
        ['kind'],
        `file fields belong in DocumentContexts models, not ${model.metadata.dtoMapping}`,
      );
    }
  }
  return problems;
}

function fieldReferenceProblems(
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

function modelProblems(entry: ModelEntry, entries: ModelEntry[]): Problem[] {
  const problems: Problem[] = [];
  const { model, path } = entry;
  const firstIndex = new Map<string, number>();
  model.fields.forEach((field, index) => {
    const earlier = firstIndex.get(field.key);
    if (earlier !== undefined) {
      problems.push({
        path: [...path, 'fields', index, 'key'],
        message: `duplicate field key "${field.key}" (also fields[${earlier}]); keys must be unique within a model`,
      });
    } else firstIndex.set(field.key, index);
  });
  const fileFields = model.fields.filter((field) => field.kind === 'file');
  // SPEC.md section 5: one file field per model.
  if (fileFields.length > 1) {
    problems.push({
      path: [...path, 'fields'],
      message: `${fileFields.length} file fields (${fileFields.map((f) => f.key).join(', ')}); a model holds one file field`,
    });
  }
  if (model.metadata.dtoMapping === 'DocumentContexts' && fileFields.length === 0) {
    problems.push({
      path: [...path, 'fields'],
      message: 'a DocumentContexts model needs a file field for its document',
    });
  }
  model.fields.forEach((field, index) => {
    const fieldPath = [...path, 'fields', index];
    problems.push(...fieldShapeProblems(field, fieldPath, model));
    problems.push(...fieldReferenceProblems(field, fieldPath, entry, entries));
  });
  return problems;
}

function formProblems(caseDef: CaseDefinition): Problem[] {
  const entries = modelEntries(caseDef);
  return [
    ...formStructureProblems(caseDef, entries),
    ...entries.flatMap((entry) => modelProblems(entry, entries)),
  ];
}

export function findCaseProblems(caseDef: CaseDefinition): Problem[] {
  return [
    ...cultureProblems(caseDef),
    ...contentProblems(caseDef),
    ...deadlineProblems(caseDef),
    ...formProblems(caseDef),
  ];
}
