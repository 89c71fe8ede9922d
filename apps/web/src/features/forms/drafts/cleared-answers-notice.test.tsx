import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAVIGATION } from '@claims/core/navigation/navigation';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import FormPage from '../form-page';
import { useModelsStore } from '../stores/models-store';
import { demoContent, demoModelConfigs } from '../testing/demo-case';
import { resetModelsStore, TEST_WHITELIST } from '../testing/render-with-model';
import { useClearedAnswersStore } from './cleared-answers';

beforeEach(() => {
  resetModelsStore();
  useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
  useLocalizationStore.setState({ staticLocalizations: { ...demoContent.en } });
  useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
  useNavigationStore.setState({
    activeFormType: 'Standard',
    initialized: true,
    nodes: DEFAULT_NAVIGATION.Standard,
  });
  useClearedAnswersStore.setState({ cleared: null });
});

afterEach(() => {
  useNavigationStore.setState(useNavigationStore.getInitialState());
});

function resumedWithout(fields: string[]) {
  useClearedAnswersStore.getState().keep('Standard', fields);
}

describe('ClearedAnswersNotice', () => {
  it('asks the claimant to answer again each cleared answer, named by its label', () => {
    resumedWithout(['ClaimDetails.vin', 'ClaimDetails.acquisitionDate']);
    render(<FormPage formType="Standard" page="claim-details" />);
    const shown = screen.getByRole('status');
    expect(shown).toHaveTextContent(/could not be kept/);
    const items = within(shown).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Vehicle identification number (VIN)',
      'Date you bought or leased the vehicle',
    ]);
  });

  it('names the cleared answers in the culture of the page', () => {
    useLocalizationStore.setState({ staticLocalizations: { ...demoContent.es } });
    resumedWithout(['ClaimantInfo.lastName']);
    render(<FormPage formType="Standard" page="claim-details" />);
    expect(screen.getByText(/Responda de nuevo estas preguntas/)).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Apellido');
  });

  it('shows the cleared answers once: the next page opened no longer names them', () => {
    resumedWithout(['ClaimDetails.vin']);
    const first = render(<FormPage formType="Standard" page="claim-details" />);
    expect(screen.getByText(/could not be kept/)).toBeInTheDocument();
    first.unmount();
    render(<FormPage formType="Standard" page="claimant-info" />);
    expect(screen.queryByText(/could not be kept/)).not.toBeInTheDocument();
  });

  it('leaves the cleared answers of another form to that form', () => {
    useClearedAnswersStore.getState().keep('Automotive', ['ClaimantInfo.lastName']);
    render(<FormPage formType="Standard" page="claim-details" />);
    expect(screen.queryByText(/could not be kept/)).not.toBeInTheDocument();
    expect(useClearedAnswersStore.getState().cleared?.formType).toBe('Automotive');
  });
});
