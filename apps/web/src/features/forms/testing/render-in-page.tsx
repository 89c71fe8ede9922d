import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { FormType } from '@claims/core/form-types';
import { useApplicationStore } from '../../../stores/application-store';
import { PageFrame } from '../components/page-frame';
import type { ModelSelector } from '../models/form-model';
import { usePageActions } from '../page-context';
import { useModelsStore } from '../stores/models-store';
import { resetModelsStore, TEST_WHITELIST } from './render-with-model';

export const CHECK_PAGE = 'Check page';

function CheckPageButton() {
  const { validatePage } = usePageActions();
  return (
    <button type="button" onClick={() => validatePage()}>
      {CHECK_PAGE}
    </button>
  );
}

/**
 * Renders blocks on a page of the given form with the given model configs loaded, and a
 * button that validates the page as Next does.
 */
export function renderInPage(
  ui: ReactElement,
  configs: readonly RemoteModelConfig[],
  options: { formType?: FormType; metadata?: ModelSelector | null } = {},
): RenderResult {
  resetModelsStore();
  useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
  useModelsStore.getState().loadRemoteConfigs(configs);
  return render(
    <PageFrame
      formType={options.formType ?? 'Standard'}
      page="test"
      title="Test page"
      metadata={options.metadata ?? null}
    >
      {ui}
      <CheckPageButton />
    </PageFrame>,
  );
}
