import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { useApplicationStore } from '../../../stores/application-store';
import { FormContext, ModelContext } from '../form-context';
import type { FieldValue, FormModel } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from './model-configs';

export const TEST_WHITELIST: ReadonlySet<string> = new Set(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-@()/#'",
);

export function resetModelsStore() {
  useModelsStore.setState({
    remoteConfigs: null,
    saved: [],
    drafts: [],
    everModified: {},
    touched: {},
    errors: {},
    prefilled: {},
  });
}

export interface ModelHarness extends RenderResult {
  clientId: string;
  model(): FormModel;
}

/**
 * Renders blocks inside a FormPage-like context whose model has the given fields, with the
 * character whitelist loaded.
 */
export function renderWithModel(
  ui: ReactElement,
  fields: Record<string, Record<string, unknown>>,
  options: {
    formType?: FormType;
    dtoMapping?: DtoMapping;
    otherConfigs?: RemoteModelConfig[];
    /** Values the model holds before the first render. */
    values?: Readonly<Record<string, FieldValue>>;
    /** Runs once the configs are loaded, before the first render (other models' values). */
    prepare?: () => void;
  } = {},
): ModelHarness {
  const formType = options.formType ?? 'Standard';
  const dtoMapping = options.dtoMapping ?? 'ClaimantInfo';
  resetModelsStore();
  useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
  useModelsStore
    .getState()
    .loadRemoteConfigs([
      modelConfig(formType, dtoMapping, fields),
      ...(options.otherConfigs ?? []),
    ]);
  const { clientId } = useModelsStore.getState().selectModel({ formType, dtoMapping });
  for (const [key, value] of Object.entries(options.values ?? {})) {
    useModelsStore.getState().setFieldValue(clientId, key, value);
  }
  options.prepare?.();
  const result = render(
    <FormContext.Provider value={{ formType, page: 'test' }}>
      <ModelContext.Provider value={clientId}>{ui}</ModelContext.Provider>
    </FormContext.Provider>,
  );
  return { ...result, clientId, model: () => useModelsStore.getState().getModel(clientId) };
}
