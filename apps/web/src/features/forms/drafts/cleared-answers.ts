import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { FormType } from '@claims/core/form-types';
import { toCamelCase } from '@claims/core/text/camel-case';
import { create } from 'zustand';

/** The answers a resumed draft lost (docs/behaviour.md#drafts), as `Model.field`. */
export interface ClearedAnswers {
  formType: FormType;
  fields: readonly string[];
}

interface ClearedAnswersState {
  cleared: ClearedAnswers | null;
  /** Keeps the answers a resume cleared until a page of the form shows them; none forgets them. */
  keep(formType: FormType, fields: readonly string[]): void;
  /** Forgets the answers cleared in the form once a page has shown them: the notice shows once. */
  shown(formType: FormType): void;
}

export const useClearedAnswersStore = create<ClearedAnswersState>()((set, get) => ({
  cleared: null,
  keep(formType, fields) {
    set({ cleared: fields.length === 0 ? null : { formType, fields } });
  },
  shown(formType) {
    if (get().cleared?.formType === formType) set({ cleared: null });
  },
}));

/**
 * The label content key of each cleared field (`Model.field`, the model named by its DTO mapping),
 * in the order given and once each; a field the form's configs do not declare is named by its key,
 * as the field itself would be.
 */
export function clearedLabels(
  formType: FormType,
  fields: readonly string[],
  configs: readonly RemoteModelConfig[],
): string[] {
  const labels = fields.map((entry) => {
    const dot = entry.indexOf('.');
    const model = entry.slice(0, dot);
    const key = entry.slice(dot + 1);
    const field = configs
      .filter((config) => config.metadata.formType === formType)
      .filter((config) => config.metadata.dtoMapping === model)
      .flatMap((config) => Object.values(config.fields))
      .find((candidate) => toCamelCase(candidate.key) === key);
    return field?.label || key;
  });
  return [...new Set(labels)];
}
