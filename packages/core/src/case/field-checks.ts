import { getMask } from '../masks/masks';
import { toCamelCase } from '../text/camel-case';
import type { CaseModel } from './case-schema';
import { allowedOptionValues, NONE_OPTION_VALUE, type FieldConfig } from './field-config';
import type { Path, Problem } from './schema-issues';

/** The message of an unknown mask name, or null for a known one. */
export function maskProblem(name: string | undefined): string | null {
  try {
    getMask(name);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const OPTION_KINDS: ReadonlySet<string> = new Set(['select', 'radio', 'hybridRadioText']);
const KINDS_NEEDING_OPTIONS: ReadonlySet<string> = new Set(['radio', 'hybridRadioText']);

/** A field's own settings: key, options, default, mask and the file-field rules. */
export function fieldShapeProblems(
  field: FieldConfig,
  fieldPath: Path,
  model: CaseModel,
): Problem[] {
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
  if (field.prefilledConfirmed && field.prepopulatedDataKey === undefined) {
    at(
      ['prefilledConfirmed'],
      'only a prefilled value can be confirmed in advance; give the field a prepopulatedDataKey or leave prefilledConfirmed out',
    );
  }
  if (field.kind === 'file') {
    // docs/behaviour.md#documents: a dependency would reset the file input, which cannot be
    // cleared.
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

/** The fields of one model together: unique keys, and one file field where a document goes. */
export function modelFieldProblems(model: CaseModel, path: Path): Problem[] {
  const problems: Problem[] = [];
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
  // docs/behaviour.md#documents: one file field per model.
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
  return problems;
}
