import { create } from 'zustand';
import {
  MODEL_LIST_PART_NAMES,
  PART_DTO_MAPPINGS,
  SINGLE_MODEL_PART_NAMES,
} from '@claims/core/contract/submission-parts';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { isFormType } from '@claims/core/form-types';
import type { ModelSelector as RuleModelSelector } from '@claims/core/rules/rule-config';
import type { FieldConfig, RemoteModelConfig } from '@claims/core/case/field-config';
import { toCamelCase } from '@claims/core/text/camel-case';
import {
  createModel,
  describeSelector,
  isEmptyValue,
  metadataMatches,
  type FieldValue,
  type FormModel,
  type ModelSelector,
} from '../models/form-model';

export const NOT_LOADED_MESSAGE = 'RemoteModelConfig accessed before loaded from remote.';

/**
 * docs/behaviour.md#records: these parts are lists that the claimant fills record by record. The
 * prepopulated data is a list part of the submission too, but the form keeps it as one model
 * that authorization fills.
 */
const RECORD_LIST_PARTS = new Set<DtoMapping>(
  MODEL_LIST_PART_NAMES.filter((part) => part !== 'prepopulatedData').map(
    (part) => PART_DTO_MAPPINGS[part],
  ),
);

const SINGLE_MODEL_MAPPINGS = new Set<unknown>(
  SINGLE_MODEL_PART_NAMES.map((part) => PART_DTO_MAPPINGS[part]),
);

/** Whether a part holds one model at most, such as the claimant's info. */
export function isSingleModelPart(dtoMapping: unknown): boolean {
  return SINGLE_MODEL_MAPPINGS.has(dtoMapping);
}

type FieldFlags = Readonly<Record<string, Readonly<Record<string, true>>>>;

export interface ModelsState {
  remoteConfigs: readonly RemoteModelConfig[] | null;
  saved: readonly FormModel[];
  drafts: readonly FormModel[];
  /** Fields the claimant ever changed, per model hash (docs/behaviour.md#models). */
  everModified: FieldFlags;
  /** Fields changed since the page opened, per model client id. */
  touched: FieldFlags;
  /** Each field's current validation messages, per model client id. */
  errors: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** The values the prepopulated data gave, per model client id (docs/behaviour.md#models). */
  prefilled: Readonly<Record<string, Readonly<Record<string, FieldValue>>>>;

  loadRemoteConfigs(configs: readonly RemoteModelConfig[]): void;
  /** Forgets every answer and rebuilds the saved models from the loaded configs. */
  reinitialize(): void;
  getRemoteConfig(selector: ModelSelector): RemoteModelConfig;
  getConfigByHash(metadataHash: string): RemoteModelConfig;
  getFieldConfig(model: FormModel, key: string): FieldConfig;
  /** The one saved model of a single-model part. */
  selectModel(selector: ModelSelector): FormModel;
  savedModels(selector: ModelSelector): FormModel[];
  draftModels(selector: ModelSelector): FormModel[];
  findModel(clientId: string): FormModel | undefined;
  getModel(clientId: string): FormModel;

  /** A change made by the claimant: marks the field touched and ever modified. */
  changeField(clientId: string, key: string, value: FieldValue): void;
  /** A change made by the engine (defaults, resets, prepopulation). */
  setFieldValue(clientId: string, key: string, value: FieldValue): void;
  markTouched(clientId: string, key: string): void;
  setErrors(clientId: string, key: string, errors: readonly string[]): void;
  clearErrors(clientId: string, key: string): void;

  addDraft(selector: ModelSelector): FormModel;
  promoteDraft(clientId: string): void;
  discardDraft(clientId: string): void;
  removeModel(clientId: string): void;

  /** Applies authorize's prepopulatedData (camelCase keys) to the form's saved models. */
  applyPrepopulatedData(formType: FormType, data: Readonly<Record<string, unknown>>): void;
}

/**
 * Looks up the saved values of another model of the form, as rules with a targetModel and
 * dependencies with dependencyMetadata name it; undefined when the model does not exist.
 */
export function savedValuesResolver(
  state: Pick<ModelsState, 'remoteConfigs' | 'saved'>,
  formType: unknown,
): (selector: RuleModelSelector) => Readonly<Record<string, FieldValue>> | undefined {
  return (selector) => {
    const type = selector.formType ?? formType;
    if (!isFormType(type)) return undefined;
    const config = state.remoteConfigs?.find(
      (entry) =>
        entry.metadata.formType === type && entry.metadata.dtoMapping === selector.dtoMapping,
    );
    return state.saved.find((entry) => entry.metadataHash === config?.metadataHash)?.fields;
  };
}

function requireConfigs(configs: readonly RemoteModelConfig[] | null) {
  if (configs === null) throw new Error(NOT_LOADED_MESSAGE);
  return configs;
}

function buildSavedModels(configs: readonly RemoteModelConfig[]): FormModel[] {
  return configs
    .filter((config) => !RECORD_LIST_PARTS.has(config.metadata.dtoMapping))
    .map((config) => createModel(config, 'saved'));
}

function checkConfigs(configs: readonly RemoteModelConfig[]): void {
  const hashes = new Set<string>();
  for (const config of configs) {
    if (hashes.has(config.metadataHash)) {
      throw new Error(
        `duplicate RemoteModelConfig metadataHash "${config.metadataHash}"; each config needs its own hash`,
      );
    }
    hashes.add(config.metadataHash);
  }
}

/** Empty strings are stored as null (docs/behaviour.md#models). */
function normalise(value: FieldValue): FieldValue {
  return value === '' ? null : value;
}

function withField(
  models: readonly FormModel[],
  clientId: string,
  key: string,
  value: FieldValue,
): readonly FormModel[] {
  return models.map((model) =>
    model.clientId === clientId ? { ...model, fields: { ...model.fields, [key]: value } } : model,
  );
}

function withFlag(flags: FieldFlags, group: string, key: string): FieldFlags {
  if (flags[group]?.[key]) return flags;
  return { ...flags, [group]: { ...flags[group], [key]: true } };
}

function withoutGroup<T>(record: Readonly<Record<string, T>>, group: string) {
  const { [group]: _removed, ...rest } = record;
  return rest;
}

function isPrepopulatedValue(value: unknown): value is string | number | boolean | null {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

export const useModelsStore = create<ModelsState>()((set, get) => {
  function updateModel(clientId: string, key: string, value: FieldValue) {
    const { saved, drafts } = get();
    const model = get().getModel(clientId);
    if (!(key in model.fields)) {
      throw new Error(
        `model "${clientId}" has no field "${key}"; its fields are ${Object.keys(model.fields).join(', ')}`,
      );
    }
    const normalised = normalise(value);
    if (model.status === 'saved') set({ saved: withField(saved, clientId, key, normalised) });
    else set({ drafts: withField(drafts, clientId, key, normalised) });
    return model;
  }

  return {
    remoteConfigs: null,
    saved: [],
    drafts: [],
    everModified: {},
    touched: {},
    errors: {},
    prefilled: {},

    loadRemoteConfigs(configs) {
      checkConfigs(configs);
      set({
        remoteConfigs: [...configs],
        saved: buildSavedModels(configs),
        drafts: [],
        everModified: {},
        touched: {},
        errors: {},
        prefilled: {},
      });
    },

    reinitialize() {
      const configs = get().remoteConfigs;
      set({
        saved: configs ? buildSavedModels(configs) : [],
        drafts: [],
        everModified: {},
        touched: {},
        errors: {},
        prefilled: {},
      });
    },

    getRemoteConfig(selector) {
      const configs = requireConfigs(get().remoteConfigs);
      const matches = configs.filter((config) => metadataMatches(config.metadata, selector));
      if (matches.length === 0) {
        const known = configs.map((config) => `(${describeSelector(config.metadata)})`);
        throw new Error(
          `no RemoteModelConfig matches ${describeSelector(selector)}; loaded: ${known.join(', ') || 'none'}`,
        );
      }
      if (matches.length > 1) {
        throw new Error(
          `${matches.length} RemoteModelConfigs match ${describeSelector(selector)}; the metadata must select exactly one`,
        );
      }
      return matches[0] as RemoteModelConfig;
    },

    getConfigByHash(metadataHash) {
      const configs = requireConfigs(get().remoteConfigs);
      const config = configs.find((entry) => entry.metadataHash === metadataHash);
      if (!config) {
        throw new Error(
          `no RemoteModelConfig has metadataHash "${metadataHash}"; loaded: ${configs.map((entry) => entry.metadataHash).join(', ')}`,
        );
      }
      return config;
    },

    getFieldConfig(model, key) {
      const config = get().getConfigByHash(model.metadataHash);
      const field = Object.values(config.fields).find((entry) => toCamelCase(entry.key) === key);
      if (!field) {
        throw new Error(
          `no field "${key}" in the config of ${describeSelector(config.metadata)}; its fields are ${Object.values(
            config.fields,
          )
            .map((entry) => toCamelCase(entry.key))
            .join(', ')}`,
        );
      }
      return field;
    },

    selectModel(selector) {
      const config = get().getRemoteConfig(selector);
      const matches = get().saved.filter((model) => model.metadataHash === config.metadataHash);
      if (matches.length !== 1) {
        throw new Error(
          `${matches.length} saved models for ${describeSelector(selector)}; a single-model part holds exactly one`,
        );
      }
      return matches[0] as FormModel;
    },

    savedModels(selector) {
      const config = get().getRemoteConfig(selector);
      return get().saved.filter((model) => model.metadataHash === config.metadataHash);
    },

    draftModels(selector) {
      const config = get().getRemoteConfig(selector);
      return get().drafts.filter((model) => model.metadataHash === config.metadataHash);
    },

    findModel(clientId) {
      const { saved, drafts } = get();
      return (
        saved.find((model) => model.clientId === clientId) ??
        drafts.find((model) => model.clientId === clientId)
      );
    },

    getModel(clientId) {
      const model = get().findModel(clientId);
      if (!model) throw new Error(`no record with client id "${clientId}"`);
      return model;
    },

    changeField(clientId, key, value) {
      const model = updateModel(clientId, key, value);
      set((state) => ({
        touched: withFlag(state.touched, clientId, key),
        everModified: withFlag(state.everModified, model.metadataHash, key),
      }));
    },

    setFieldValue(clientId, key, value) {
      updateModel(clientId, key, value);
    },

    markTouched(clientId, key) {
      set((state) => ({ touched: withFlag(state.touched, clientId, key) }));
    },

    setErrors(clientId, key, errors) {
      set((state) => ({
        errors: { ...state.errors, [clientId]: { ...state.errors[clientId], [key]: errors } },
      }));
    },

    clearErrors(clientId, key) {
      get().setErrors(clientId, key, []);
    },

    addDraft(selector) {
      const config = get().getRemoteConfig(selector);
      const draft = createModel(config, 'draft');
      set((state) => ({ drafts: [...state.drafts, draft] }));
      return draft;
    },

    promoteDraft(clientId) {
      const draft = get().drafts.find((model) => model.clientId === clientId);
      if (!draft) throw new Error(`no draft record with client id "${clientId}"`);
      const dtoMapping = draft.metadata.dtoMapping;
      if (
        isSingleModelPart(dtoMapping) &&
        get().saved.some((model) => model.metadataHash === draft.metadataHash)
      ) {
        throw new Error(
          `a saved ${String(dtoMapping)} model exists already; only one model may exist per single-model part`,
        );
      }
      set((state) => ({
        drafts: state.drafts.filter((model) => model.clientId !== clientId),
        saved: [...state.saved, { ...draft, status: 'saved' }],
      }));
    },

    discardDraft(clientId) {
      if (!get().drafts.some((model) => model.clientId === clientId)) {
        throw new Error(`no draft record with client id "${clientId}"`);
      }
      set((state) => ({
        drafts: state.drafts.filter((model) => model.clientId !== clientId),
        touched: withoutGroup(state.touched, clientId),
        errors: withoutGroup(state.errors, clientId),
      }));
    },

    removeModel(clientId) {
      get().getModel(clientId);
      set((state) => ({
        saved: state.saved.filter((model) => model.clientId !== clientId),
        drafts: state.drafts.filter((model) => model.clientId !== clientId),
        touched: withoutGroup(state.touched, clientId),
        errors: withoutGroup(state.errors, clientId),
      }));
    },

    applyPrepopulatedData(formType, data) {
      const configs = requireConfigs(get().remoteConfigs);
      for (const config of configs) {
        if (config.metadata.formType !== formType) continue;
        const model = get().saved.find((entry) => entry.metadataHash === config.metadataHash);
        if (!model) continue;
        for (const field of Object.values(config.fields)) {
          if (field.prepopulatedDataKey === undefined) continue;
          const value = data[toCamelCase(field.prepopulatedDataKey)];
          if (value === undefined || !isPrepopulatedValue(value)) continue;
          const key = toCamelCase(field.key);
          const current = get().getModel(model.clientId).fields[key];
          const neverModified = !get().everModified[config.metadataHash]?.[key];
          const overridable =
            field.overrideEverDirtyFieldConstraint &&
            (isEmptyValue(current) || current === field.defaultValue);
          if (!neverModified && !overridable) continue;
          get().setFieldValue(model.clientId, key, value);
          set((state) => ({
            prefilled: {
              ...state.prefilled,
              [model.clientId]: { ...state.prefilled[model.clientId], [key]: normalise(value) },
            },
          }));
        }
      }
    },
  };
});
