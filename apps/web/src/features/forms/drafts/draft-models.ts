import type { Draft, DraftModel } from '@claims/core/contract/drafts';
import type { FormType } from '@claims/core/form-types';
import { createModel, type FieldValue, type FormModel } from '../models/form-model';
import { isSingleModelPart, useModelsStore } from '../stores/models-store';

/**
 * Parts a draft does not keep (docs/behaviour.md#drafts): the credentials (a PIN is never
 * stored), the prefill (authorization gives it again) and the documents (a file cannot be kept;
 * the claimant attaches it again).
 */
const NOT_KEPT = new Set<unknown>(['Credentials', 'PrepopulatedData', 'DocumentContexts']);

type KeptValue = DraftModel['fields'][string];

function isKeptValue(value: FieldValue): value is KeptValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function keptFields(model: FormModel): DraftModel['fields'] {
  const fields: Record<string, KeptValue> = {};
  for (const [key, value] of Object.entries(model.fields)) {
    if (isKeptValue(value)) fields[key] = value;
  }
  return fields;
}

/** The form's answers so far as a draft at `page`: its saved models, without files. */
export function draftOf(formType: FormType, page: string): Draft {
  const { remoteConfigs, saved } = useModelsStore.getState();
  const kept = new Set(
    (remoteConfigs ?? [])
      .filter((config) => config.metadata.formType === formType)
      .filter((config) => !NOT_KEPT.has(config.metadata.dtoMapping))
      .map((config) => config.metadataHash),
  );
  const models = saved
    .filter((model) => kept.has(model.metadataHash))
    .map((model) => ({
      clientId: model.clientId,
      metadataHash: model.metadataHash,
      fields: keptFields(model),
    }));
  return { page, models };
}

/**
 * Puts a draft's answers back into the models store: a single-model part's fields into its saved
 * model, a list part's records in place of those it held. Restored answers count as the
 * claimant's own, so a prefill does not replace them.
 */
export function restoreDraftModels(draft: Draft): void {
  const state = useModelsStore.getState();
  const configs = state.remoteConfigs ?? [];
  let saved = [...state.saved];
  const everModified: Record<string, Record<string, true>> = { ...state.everModified };
  const replacedLists = new Set<string>();
  for (const kept of draft.models) {
    const config = configs.find((entry) => entry.metadataHash === kept.metadataHash);
    if (config === undefined || NOT_KEPT.has(config.metadata.dtoMapping)) continue;
    const empty = createModel(config, 'saved');
    const fields: Record<string, FieldValue> = {};
    for (const [key, value] of Object.entries(kept.fields)) {
      if (key in empty.fields) fields[key] = value;
    }
    if (isSingleModelPart(config.metadata.dtoMapping)) {
      saved = saved.map((model) =>
        model.metadataHash === config.metadataHash
          ? { ...model, fields: { ...model.fields, ...fields } }
          : model,
      );
    } else {
      if (!replacedLists.has(config.metadataHash)) {
        saved = saved.filter((model) => model.metadataHash !== config.metadataHash);
        replacedLists.add(config.metadataHash);
      }
      saved.push({ ...empty, clientId: kept.clientId, fields: { ...empty.fields, ...fields } });
    }
    const flags = { ...everModified[config.metadataHash] };
    for (const [key, value] of Object.entries(fields)) if (value !== null) flags[key] = true;
    everModified[config.metadataHash] = flags;
  }
  useModelsStore.setState({ saved, everModified });
}
