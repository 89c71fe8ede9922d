import { FORM_TYPES, type FormType } from '../form-types';
import type { ModelSelector } from '../rules/rule-config';
import { toCamelCase } from '../text/camel-case';
import type { CaseDefinition, CaseModel } from './case-schema';
import type { FieldConfig } from './field-config';
import type { Path } from './schema-issues';

/** A model of the case with the form it belongs to and where the definition lists it. */
export interface ModelEntry {
  formType: FormType;
  index: number;
  model: CaseModel;
  path: Path;
}

export function modelEntries(caseDef: CaseDefinition): ModelEntry[] {
  return FORM_TYPES.flatMap((formType) =>
    (caseDef.forms[formType] ?? []).map((model, index) => ({
      formType,
      index,
      model,
      path: ['forms', formType, index],
    })),
  );
}

/** The model a rule or dependency reads: its own, or the one its selector names. */
export function resolveModel(
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

/** The field a rule or dependency names, written in camelCase or PascalCase. */
export function findField(model: CaseModel, property: string): FieldConfig | undefined {
  const key = toCamelCase(property);
  return model.fields.find((field) => field.key === key);
}
