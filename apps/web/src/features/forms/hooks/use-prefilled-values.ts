import { useContext, useEffect, useRef } from 'react';
import { isConfirmedInAdvance } from '@claims/core/case/prefilled-confirmation';
import type { DtoMapping } from '@claims/core/form-types';
import { ModelContext } from '../form-context';
import { isEmptyValue } from '../models/form-model';
import { savedValuesResolver, useModelsStore } from '../stores/models-store';
import type { FieldConfirmation, FormField } from './use-form-field';

/**
 * Whether a confirmation field is asked (docs/behaviour.md#name-and-contact, WCAG 2.2 3.3.7
 * Redundant Entry): not while the field it repeats keeps the value the class list gave it and
 * the case marks that field prefilledConfirmed. Meanwhile the confirmation holds that value, so
 * the claim carries it as if typed; once the value is changed, the confirmation is asked again,
 * empty.
 */
export function useConfirmationWaived(
  key: string,
  confirms: FieldConfirmation | undefined,
  clientId?: string,
): boolean {
  const contextClientId = useContext(ModelContext);
  const id = clientId ?? contextClientId;
  const confirmedKey = confirms?.field;
  const waived = useModelsStore((state) => {
    const model = id ? state.findModel(id) : undefined;
    if (!id || !model || confirmedKey === undefined) return false;
    return isConfirmedInAdvance(
      state.getFieldConfig(model, confirmedKey),
      state.prefilled[id]?.[confirmedKey],
      model.fields[confirmedKey],
    );
  });
  const wasWaived = useRef(false);
  useEffect(() => {
    if (!id || confirmedKey === undefined) return;
    const store = useModelsStore.getState();
    if (waived) {
      store.setFieldValue(id, key, store.getModel(id).fields[confirmedKey] ?? null);
      store.clearErrors(id, key);
    } else if (wasWaived.current) {
      store.setFieldValue(id, key, null);
    }
    wasWaived.current = waived;
  }, [waived, id, key, confirmedKey]);
  return waived;
}

/** Another part of the claim whose field an empty field starts from. */
export interface StartingValueSource {
  dtoMapping: DtoMapping;
  field: string;
}

/**
 * Fills an empty field from a field of another part of the claim each time it is shown, e.g.
 * the payment e-mail from the contact e-mail (docs/behaviour.md#name-and-contact); a field the
 * claimant has changed, even emptied, is left as it is.
 */
export function useStartingValue(field: FormField, source: StartingValueSource | undefined): void {
  const { clientId, key, hidden } = field;
  const dtoMapping = source?.dtoMapping;
  const sourceField = source?.field;
  useEffect(() => {
    if (hidden || dtoMapping === undefined || sourceField === undefined) return;
    const store = useModelsStore.getState();
    const model = store.findModel(clientId);
    if (!model || !isEmptyValue(model.fields[key])) return;
    if (store.everModified[model.metadataHash]?.[key]) return;
    const values = savedValuesResolver(store, model.metadata.formType)({ dtoMapping });
    const value = values?.[sourceField];
    if (value !== undefined && !isEmptyValue(value)) store.setFieldValue(clientId, key, value);
  }, [hidden, clientId, key, dtoMapping, sourceField]);
}

/**
 * Fills an empty field from a parameter of the page's address when the field is first shown,
 * e.g. the VIN a Lookup answer carries to the Automotive sign-in (docs/behaviour.md#lookup).
 */
export function useQueryStartingValue(field: FormField, parameter: string | undefined): void {
  const { clientId, key } = field;
  useEffect(() => {
    if (parameter === undefined) return;
    const value = new URLSearchParams(window.location.search).get(parameter);
    const store = useModelsStore.getState();
    const model = store.findModel(clientId);
    if (!value || !model || !isEmptyValue(model.fields[key])) return;
    store.setFieldValue(clientId, key, value);
  }, [clientId, key, parameter]);
}
