import { useCallback, useContext, useEffect, useRef } from 'react';
import type { FieldConfig, FieldDependency } from '@claims/core/case/field-config';
import { fieldKindProblems } from '@claims/core/case/field-kinds';
import {
  dependenciesFulfilled,
  effectiveMask,
  isFieldRequired,
  validateField,
} from '@claims/core/rules/engine';
import type { ValidationContext } from '@claims/core/rules/rule-definition';
import { toCamelCase } from '@claims/core/text/camel-case';
import { useApplicationStore } from '../../../stores/application-store';
import { useText } from '../../../stores/localization-store';
import { useLocalized, type LocalizedText } from '../localized-text';
import { isEmptyValue, type FieldValue, type FormModel } from '../models/form-model';
import { savedValuesResolver, useModelsStore } from '../stores/models-store';
import { FieldGroupContext, useCheckRegistry } from './page-checks';

/** docs/behaviour.md#mailing-address: the city keeps its value when its dependency is unmet. */
const NEVER_RESET = new Set(['mailingCity']);

export interface UseFormFieldOptions {
  /** The model the field belongs to. */
  clientId: string;
  /**
   * 'commit': validate when the field is left or Enter is pressed (text fields,
   * docs/behaviour.md#fields); 'change': validate on every change (choices, checkboxes, files).
   */
  validateOn?: 'change' | 'commit';
  /** Whether Next validates the field (record tables check their rows themselves). */
  registerWithPage?: boolean;
  /** A confirmation field: its value must equal the named field's (e.g. the e-mail twice). */
  confirms?: FieldConfirmation;
}

export interface FieldConfirmation {
  field: string;
  message: LocalizedText;
}

export interface FormField {
  key: string;
  clientId: string;
  /** The input's id; the error summary links to it. */
  id: string;
  errorId: string;
  config: FieldConfig;
  label: string;
  value: FieldValue;
  /** The first error, shown beneath the field (docs/behaviour.md#fields). */
  error: string | null;
  /** Required styling: required or conditionally required, unless the config turns it off. */
  required: boolean;
  hidden: boolean;
  disabled: boolean;
  /** The mask in force: a fulfilled dependency's maskOverride, else the field's own. */
  maskName: string | undefined;
  /** A change made by the claimant. */
  change(value: FieldValue): void;
  /** Validates now and shows the result (blur, Enter). */
  commit(): string | null;
  markTouched(): void;
}

function dependencyFulfilled(
  field: FieldConfig,
  dependency: FieldDependency,
  ctx: ValidationContext,
): boolean {
  return dependenciesFulfilled({ ...field, dependencies: [dependency] }, ctx);
}

function assertNoFileDependency(field: FieldConfig, fields: Readonly<Record<string, FieldConfig>>) {
  for (const dependency of field.dependencies) {
    for (const condition of dependency.conditions) {
      const target = Object.values(fields).find(
        (entry) => toCamelCase(entry.key) === toCamelCase(condition.property),
      );
      if (target?.kind === 'file') {
        throw new Error(
          `field "${field.key}" depends on the file field "${target.key}"; dependencies on a file field are not supported`,
        );
      }
    }
  }
}

/** The rule context of a model: its values, other models by selector, the whitelist, the texts. */
export function useValidationContext(model: FormModel | undefined): () => ValidationContext {
  const characterWhitelist = useApplicationStore((state) => state.characterWhitelist);
  const t = useText();
  return useCallback(() => {
    const models = useModelsStore.getState();
    return {
      values: model ? (models.findModel(model.clientId)?.fields ?? model.fields) : {},
      resolveModel: savedValuesResolver(models, model?.metadata.formType),
      characterWhitelist,
      now: new Date(),
      // A blank text counts as missing, so the rule's own message is used instead.
      localize: (key: string) => t(key, ''),
      side: 'client',
    };
  }, [model, characterWhitelist, t]);
}

/**
 * The field engine (docs/behaviour.md#models): binds one field of one model to an input,
 * applying defaults, dependencies, required styling and validation.
 */
export function useFormField(key: string, options: UseFormFieldOptions): FormField {
  const { clientId, validateOn = 'commit', registerWithPage = true, confirms } = options;
  const localize = useLocalized();
  const model = useModelsStore((state) => state.findModel(clientId));
  if (!model) throw new Error(`no record with client id "${clientId}"`);
  const remoteConfig = useModelsStore.getState().getConfigByHash(model.metadataHash);
  const config = useModelsStore.getState().getFieldConfig(model, key);
  const value = model.fields[key] ?? null;
  const errors = useModelsStore((state) => state.errors[clientId]?.[key]);
  const context = useValidationContext(model);

  const ctx = context();
  const dependencies = config.dependencies;
  const fulfilledEach = dependencies.map((dependency) =>
    dependencyFulfilled(config, dependency, ctx),
  );
  const allFulfilled = fulfilledEach.every(Boolean);
  const hidden = dependencies.some(
    (dependency, index) => dependency.hideWhenUnfulfilled && !fulfilledEach[index],
  );
  const disabled = dependencies.some(
    (dependency, index) => dependency.disableWhenUnfulfilled && !fulfilledEach[index],
  );
  const required = !config.disableRequiredStyling && isFieldRequired(config, ctx);

  assertNoFileDependency(config, remoteConfig.fields);

  const commit = useCallback((): string | null => {
    const store = useModelsStore.getState();
    if (!store.findModel(clientId)) return null;
    const ctx = context();
    // The kind checks after the rules, so a case's own message comes first; the server runs
    // the same checks, so what the page lets through is what the server takes.
    const errors = [...validateField(config, ctx), ...fieldKindProblems(config, ctx)];
    const messages = [...new Set(errors.map((error) => error.message))];
    if (messages.length === 0 && confirms) {
      const own = ctx.values[key];
      const other = ctx.values[confirms.field];
      if (!isEmptyValue(own) && String(own).trim() !== String(other ?? '').trim()) {
        messages.push(localize(confirms.message));
      }
    }
    store.markTouched(clientId, key);
    store.setErrors(clientId, key, messages);
    return messages[0] ?? null;
  }, [clientId, key, config, context, confirms, localize]);

  const change = useCallback(
    (next: FieldValue) => {
      useModelsStore.getState().changeField(clientId, key, next);
      if (validateOn === 'change') commit();
    },
    [clientId, key, validateOn, commit],
  );

  const markTouched = useCallback(() => {
    useModelsStore.getState().markTouched(clientId, key);
  }, [clientId, key]);

  // Defaults fill empty fields only (docs/behaviour.md#models), once each time the field is shown,
  // so a claimant can still empty a field that has a default. An unticked checkbox is false.
  const defaultChecked = useRef(false);
  useEffect(() => {
    if (hidden) {
      defaultChecked.current = false;
      return;
    }
    if (defaultChecked.current) return;
    defaultChecked.current = true;
    const store = useModelsStore.getState();
    if (!isEmptyValue(store.findModel(clientId)?.fields[key])) return;
    const initial = config.defaultValue ?? (config.kind === 'checkbox' ? false : null);
    if (initial !== null) store.setFieldValue(clientId, key, initial);
  }, [hidden, config, clientId, key]);

  // Dependencies: reset when they stop holding, and, if configured, when they hold again after
  // having held and stopped (not when a default first makes them hold).
  const wasFulfilled = useRef<boolean | null>(null);
  const lostAfterHolding = useRef(false);
  useEffect(() => {
    const previous = wasFulfilled.current;
    wasFulfilled.current = allFulfilled;
    if (previous === allFulfilled) return;
    const store = useModelsStore.getState();
    const current = store.findModel(clientId)?.fields[key] ?? null;
    let reset: FieldDependency | undefined;
    if (allFulfilled) {
      if (lostAfterHolding.current)
        reset = dependencies.find((dependency) => dependency.resetWhenFulfilled);
    } else {
      lostAfterHolding.current = previous === true;
      if (!NEVER_RESET.has(key)) {
        reset = dependencies.find(
          (dependency, index) => dependency.resetWhenUnfulfilled && !fulfilledEach[index],
        );
      }
      if (store.errors[clientId]?.[key]?.length) store.setErrors(clientId, key, []);
    }
    if (reset && current !== reset.resetValue) store.setFieldValue(clientId, key, reset.resetValue);
  }, [allFulfilled, dependencies, fulfilledEach, clientId, key]);

  const id = `${clientId}-${key}`;
  const label = localize(config.label || key);
  const registry = useCheckRegistry();
  const group = useContext(FieldGroupContext);
  const checkLabel = group?.label ?? label;
  const targetId = group?.targetId ?? id;
  useEffect(() => {
    if (hidden || !registerWithPage) return undefined;
    return registry.register(id, { targetId, label: checkLabel, run: commit });
  }, [hidden, registerWithPage, registry, id, targetId, checkLabel, commit]);

  return {
    key,
    clientId,
    id,
    errorId: `${id}-error`,
    config,
    label,
    value,
    error: errors?.[0] ?? null,
    required,
    hidden,
    disabled,
    maskName: effectiveMask(config, ctx),
    change,
    commit,
    markTouched,
  };
}
