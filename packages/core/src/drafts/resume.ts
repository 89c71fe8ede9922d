import type { RemoteModelConfig } from '../case/field-config';
import type { Draft, DraftModel } from '../contract/drafts';
import { deadlineNamesForFormType, findPassedDeadline } from '../deadlines/deadline-guard';
import type { DeadlineName, DeadlineSettings } from '../deadlines/deadline-names';
import type { FormType } from '../form-types';
import { validateModel } from '../rules/engine';
import type { ValidationContext } from '../rules/rule-definition';
import type { ModelSelector } from '../rules/rule-config';
import { toCamelCase } from '../text/camel-case';

/** A draft is kept this long at most when the form's deadline is further away (or has none). */
export const DRAFT_MAX_DAYS = 30;

/** When a draft written at `now` is forgotten: the form's first deadline, or DRAFT_MAX_DAYS on. */
export function draftExpiry(settings: DeadlineSettings, formType: FormType, now: Date): Date {
  const latest = now.getTime() + DRAFT_MAX_DAYS * 86_400_000;
  const deadlines = deadlineNamesForFormType(formType)
    .map((name) => settings[name])
    .filter((setting) => setting !== undefined)
    .map((setting) => Date.parse(setting.deadline));
  return new Date(Math.min(latest, ...deadlines));
}

export type ResumeOutcome =
  /** A deadline of the form has passed: nothing is resumed. */
  | { kind: 'closed'; deadline: DeadlineName }
  /** `draft` as the form takes it today; `clearedFields` as `Model.field`. */
  | { kind: 'resume'; draft: Draft; clearedFields: string[] };

export interface ResumeInput {
  formType: FormType;
  /** The form's model configs as they are now (the case may have changed since). */
  configs: readonly RemoteModelConfig[];
  deadlines: DeadlineSettings;
  now: Date;
  characterWhitelist: ReadonlySet<string> | null;
  side: ValidationContext['side'];
}

function fieldKeys(config: RemoteModelConfig): Set<string> {
  return new Set(Object.values(config.fields).map((field) => toCamelCase(field.key)));
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * The rules a kept draft is resumed by (docs/behaviour.md#drafts): nothing once a deadline of the
 * form has passed; models of configs the form no longer has, and fields their config no longer
 * declares, are dropped; and every value the form's rules refuse today (a date now out of range,
 * a changed option list) is cleared and named, so the claimant enters it again. A field left
 * empty is not refused here: the claimant had not reached it yet.
 */
export function resumeDraft(draft: Draft, input: ResumeInput): ResumeOutcome {
  const passed = findPassedDeadline(
    input.deadlines,
    deadlineNamesForFormType(input.formType),
    input.now,
  );
  if (passed !== undefined) return { kind: 'closed', deadline: passed };

  const configs = new Map(
    input.configs
      .filter((config) => config.metadata.formType === input.formType)
      .map((config) => [config.metadataHash, config]),
  );
  const kept: { model: DraftModel; config: RemoteModelConfig }[] = [];
  for (const model of draft.models) {
    const config = configs.get(model.metadataHash);
    if (config === undefined) continue;
    const declared = fieldKeys(config);
    const fields = Object.fromEntries(
      Object.entries(model.fields).filter(([key]) => declared.has(key)),
    );
    kept.push({ model: { ...model, fields }, config });
  }

  const resolveModel = (selector: ModelSelector) => {
    const type = selector.formType ?? input.formType;
    return kept.find(
      ({ config }) =>
        config.metadata.formType === type && config.metadata.dtoMapping === selector.dtoMapping,
    )?.model.fields;
  };
  const clearedFields: string[] = [];
  const models = kept.map(({ model, config }) => {
    const errors = validateModel(config.fields, {
      values: model.fields,
      resolveModel,
      characterWhitelist: input.characterWhitelist,
      now: input.now,
      side: input.side,
    });
    const refused = new Set(
      errors.map((error) => error.field).filter((field) => !isEmpty(model.fields[field])),
    );
    if (refused.size === 0) return model;
    const fields = { ...model.fields };
    for (const field of refused) {
      fields[field] = null;
      clearedFields.push(`${String(config.metadata.dtoMapping)}.${field}`);
    }
    return { ...model, fields };
  });
  return { kind: 'resume', draft: { page: draft.page, models }, clearedFields };
}
