import { FORM_TYPES, SINGLE_MODEL_PARTS } from '../form-types';
import type { CaseDefinition } from './case-schema';
import { fieldShapeProblems, modelFieldProblems } from './field-checks';
import { stableStringify } from './metadata-hash';
import { modelEntries, type ModelEntry } from './model-entries';
import { ruleAndDependencyProblems } from './rule-checks';
import type { Problem } from './schema-issues';

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
    // Each form is opened by an authorize call with its credentials (docs/behaviour.md#access).
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

function modelProblems(entry: ModelEntry, entries: ModelEntry[]): Problem[] {
  const { model, path } = entry;
  return [
    ...modelFieldProblems(model, path),
    ...model.fields.flatMap((field, index) => {
      const fieldPath = [...path, 'fields', index];
      return [
        ...fieldShapeProblems(field, fieldPath, model),
        ...ruleAndDependencyProblems(field, fieldPath, entry, entries),
      ];
    }),
  ];
}

/** The forms and each model of them, with its fields, rules and dependencies. */
export function formProblems(caseDef: CaseDefinition): Problem[] {
  const entries = modelEntries(caseDef);
  return [
    ...formStructureProblems(caseDef, entries),
    ...entries.flatMap((entry) => modelProblems(entry, entries)),
  ];
}
