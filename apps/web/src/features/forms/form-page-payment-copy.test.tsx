import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore } from '../../stores/localization-store';
import FormPage from './form-page';
import { useModelsStore } from './stores/models-store';
import { demoContent, demoModelConfigs } from './testing/demo-case';
import { resetModelsStore, TEST_WHITELIST } from './testing/render-with-model';

vi.mock('../../lib/api-client', () => ({
  authorize: vi.fn(),
  postClaimSubmission: vi.fn(),
  isCsrfLoaded: vi.fn(() => true),
  getPayPalSettings: vi.fn(),
}));

/** The Standard form's payment-election page of a case with PayPal on or off. */
function renderPaymentElection(payPalEnabled: boolean) {
  useApplicationStore.setState((state) => ({
    payPalSettings: { ...state.payPalSettings, enabled: payPalEnabled },
  }));
  render(<FormPage formType="Standard" page="payment-election" />);
}

beforeEach(() => {
  resetModelsStore();
  useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
  useLocalizationStore.setState({ staticLocalizations: { ...demoContent.en } });
  useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
});

describe('the payment-election copy', () => {
  it('names no PayPal transfer when the case leaves PayPal off', () => {
    renderPaymentElection(false);
    expect(
      screen.getByText(demoContent.en['LocKey_Page_PaymentElection_Intro'] ?? ''),
    ).toBeInTheDocument();
    expect(screen.queryByText(/PayPal/)).toBeNull();
  });

  it('names the PayPal transfer when the case enables PayPal', () => {
    renderPaymentElection(true);
    expect(
      screen.getByText(demoContent.en['LocKey_Page_PaymentElection_IntroPayPal'] ?? ''),
    ).toBeInTheDocument();
  });
});
