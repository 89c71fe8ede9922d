import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormType } from '@claims/core/form-types';
import { JOURNEYS, type JourneyFormType } from '@claims/core/journeys/journeys';
import { authorize, postClaimSubmission } from '../../lib/api-client';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore } from '../../stores/localization-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { useCaptchaStore } from '../../stores/captcha-store';
import { CaptchaError } from '../../lib/captcha/captcha-widget';
import FormPage from './form-page';
import { useModelsStore } from './stores/models-store';
import { demoContent, demoModelConfigs } from './testing/demo-case';
import { resetModelsStore, TEST_WHITELIST } from './testing/render-with-model';

vi.mock('../../lib/api-client', () => ({
  authorize: vi.fn(),
  postClaimSubmission: vi.fn(),
  isCsrfLoaded: vi.fn(() => true),
  getSignatureDate: vi.fn(async (culture: string) => ({
    culture,
    date: '2027-03-05',
    display: 'March 5, 2027',
  })),
  getPayPalSettings: vi.fn(),
}));

const next = vi.fn(async () => true);
const captchaContainer = document.createElement('div');

beforeEach(async () => {
  vi.clearAllMocks();
  resetModelsStore();
  useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
  useLocalizationStore.setState({ staticLocalizations: { ...demoContent.en } });
  useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
  useApplicationStore.getState().setReferenceCode('Standard', 'ABC-7K3Q-9XT4');
  useApplicationStore.getState().setReferenceCode('Automotive', 'ABD-7K3Q-9XT4');
  useApplicationStore.getState().setReferenceCode('DocumentsUpload', 'ABE-7K3Q-9XT4');
  useNavigationStore.setState({
    next,
    back: vi.fn(async () => true),
    skipTo: vi.fn(async () => undefined),
  });
  await useCaptchaStore.getState().initialize({ provider: 'Altcha', siteKey: '' }, () => ({
    render: async () => 'widget-1',
    execute: async () => 'captcha-token',
    reset: () => undefined,
    remove: () => undefined,
  }));
  await useCaptchaStore.getState().mount(captchaContainer);
});

afterEach(() => {
  useCaptchaStore.getState().unmount(captchaContainer);
  useNavigationStore.setState(useNavigationStore.getInitialState());
  next.mockClear();
});

const PAGES = (Object.keys(JOURNEYS) as JourneyFormType[]).flatMap((formType) =>
  Object.keys(JOURNEYS[formType]).map((page) => [formType, page] as const),
);

function renderPage(formType: FormType, page: string) {
  return render(<FormPage formType={formType} page={page} />);
}

/** The server refuses the next authorize with a 401 and this message. */
function refuseCredentials(error: string) {
  vi.mocked(authorize).mockResolvedValue({
    status: 401,
    body: { authorized: false, error, captcha: null, prepopulatedData: null },
  });
}

describe('FormPage', () => {
  it.each(PAGES)('renders the %s page "%s" of the demo case with its heading', (formType, page) => {
    renderPage(formType, page);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('labels every field of the claimant page from the case content', () => {
    renderPage('Standard', 'claimant-info');
    for (const label of [
      'First name',
      'Last name',
      'Street address',
      'City',
      'ZIP code',
      'Email address',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
  });

  it('shows an error summary at the top on a failed Next and moves the focus to it', async () => {
    renderPage('Standard', 'landing');
    await userEvent.click(screen.getByRole('button', { name: 'Start Your Claim' }));
    const summary = screen.getByRole('group', { name: /correct the following/ });
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', {
        name: 'Notice ID: Answer this question: enter a value or choose an option.',
      }),
    ).toBeInTheDocument();
    expect(authorize).not.toHaveBeenCalled();
  });

  it('leaves repair rows out of the page check once the claimant says there were no repairs, and shows them again on return', async () => {
    renderPage('Standard', 'claim-details');
    const repairs = () =>
      within(screen.getByRole('radiogroup', { name: /pay for a transmission repair/ }));
    await userEvent.click(repairs().getByRole('radio', { name: 'Yes' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /Name of the dealer or repair shop/ }),
      'Acme',
    );
    await userEvent.click(repairs().getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('heading', { name: 'Transmission Repairs' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('group', { name: /correct the following/ });
    expect(within(summary).queryByText(/Transmission Repairs/)).not.toBeInTheDocument();

    await userEvent.click(repairs().getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('textbox', { name: /Name of the dealer or repair shop/ })).toHaveValue(
      'Acme',
    );
  });

  it('moves the focus to the field a summary link names', async () => {
    renderPage('Standard', 'landing');
    await userEvent.click(screen.getByRole('button', { name: 'Start Your Claim' }));
    await userEvent.click(
      screen.getByRole('link', {
        name: 'PIN: Answer this question: enter a value or choose an option.',
      }),
    );
    expect(screen.getByRole('textbox', { name: /^PIN/ })).toHaveFocus();
  });

  it('authorizes valid credentials behind the captcha and goes on', async () => {
    vi.mocked(authorize).mockResolvedValue({
      status: 200,
      body: {
        authorized: true,
        error: null,
        captcha: 'pass',
        prepopulatedData: { FirstName: 'Ana' },
      },
    });
    renderPage('Standard', 'landing');
    await userEvent.type(screen.getByRole('textbox', { name: /^Notice ID/ }), 'NW12345678');
    await userEvent.type(screen.getByRole('textbox', { name: /^PIN/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Start Your Claim' }));
    expect(authorize).toHaveBeenCalledWith('Standard', {
      credentials: { noticeId: 'NW12345678', pin: '123456' },
      reCaptchaResponse: 'captcha-token',
    });
    expect(next).toHaveBeenCalled();
  });

  it("shows the server's refusal beside the button and stays", async () => {
    refuseCredentials('The Notice ID and PIN do not match.');
    renderPage('Standard', 'landing');
    await userEvent.type(screen.getByRole('textbox', { name: /^Notice ID/ }), 'NW12345678');
    await userEvent.type(screen.getByRole('textbox', { name: /^PIN/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Start Your Claim' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The Notice ID and PIN do not match.');
    expect(next).not.toHaveBeenCalled();
  });

  it('keeps the focus on the button after a refusal, described by the refusal', async () => {
    refuseCredentials('The Notice ID and PIN do not match.');
    renderPage('Standard', 'landing');
    await userEvent.type(screen.getByRole('textbox', { name: /^Notice ID/ }), 'NW12345678');
    await userEvent.type(screen.getByRole('textbox', { name: /^PIN/ }), '123456{Tab}');
    const start = screen.getByRole('button', { name: 'Start Your Claim' });
    start.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alert');
    expect(start).toHaveFocus();
    expect(start).not.toBeDisabled();
    expect(start).toHaveAccessibleDescription('The Notice ID and PIN do not match.');
  });

  it('submits the signed claim and goes to the confirmation', async () => {
    vi.mocked(postClaimSubmission).mockResolvedValue({
      status: 200,
      body: { error: null, nonMatchingPaymentElection: false, referenceCodeForm: 'XYZ-7K3Q-9XT4' },
    });
    renderPage('DocumentsUpload', 'supporting-documents');
    const store = useModelsStore.getState();
    const draft = store.drafts[0]!;
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Type of document/ }),
      'RepairInvoice',
    );
    await userEvent.upload(
      screen.getByLabelText(/^File/),
      new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // A claim with a document is sent with its upload followed (upload/).
    expect(postClaimSubmission).toHaveBeenCalledWith(
      'DocumentsUpload',
      expect.any(FormData),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    const sent = vi.mocked(postClaimSubmission).mock.calls[0]![1];
    const file = sent.get('documents');
    expect(file instanceof File && file.name).toBe(draft.clientId);
    expect(useApplicationStore.getState().formReferenceCodes.DocumentsUpload).toBe('XYZ-7K3Q-9XT4');
    expect(next).toHaveBeenCalled();
  });

  it('shows a 400 refusal of the submission beside the button', async () => {
    vi.mocked(postClaimSubmission).mockResolvedValue({
      status: 400,
      body: {
        error: 'signature.attestation: Value is required',
        nonMatchingPaymentElection: false,
        referenceCodeForm: null,
      },
    });
    renderPage('Automotive', 'claim-summary');
    await userEvent.type(screen.getByRole('textbox', { name: /^Type your full name/ }), 'Ana Ruiz');
    await userEvent.click(screen.getByRole('checkbox', { name: /^I declare/ }));
    await act(async () => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('signature.attestation: Value is required');
    expect(next).not.toHaveBeenCalled();
  });

  it('shows the reference code on the confirmation page', () => {
    renderPage('Standard', 'confirmation');
    expect(screen.getAllByText('ABC-7K3Q-9XT4').length).toBeGreaterThan(0);
  });

  it('offers to change the payment method when PayPal could not confirm it', async () => {
    vi.mocked(postClaimSubmission).mockResolvedValue({
      status: 400,
      body: { error: 'PayPal mismatch', nonMatchingPaymentElection: true, referenceCodeForm: null },
    });
    renderPage('Automotive', 'claim-summary');
    await userEvent.type(screen.getByRole('textbox', { name: /^Type your full name/ }), 'Ana Ruiz');
    await userEvent.click(screen.getByRole('checkbox', { name: /^I declare/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/could not confirm that the PayPal email/);
    await userEvent.click(screen.getByRole('button', { name: 'Change your payment method' }));
    expect(useNavigationStore.getState().skipTo).toHaveBeenCalledWith('payment-election');
  });

  it.each([
    ['network-error', true],
    ['challenge-closed', false],
  ] as const)('after a captcha %s shows the problem message: %s', async (code, shown) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useApplicationStore.getState().hideError();
    await useCaptchaStore.getState().initialize({ provider: 'HCaptcha', siteKey: 'key' }, () => ({
      render: async () => 'widget-2',
      execute: () => Promise.reject(new CaptchaError(code)),
      reset: () => undefined,
      remove: () => undefined,
    }));
    renderPage('Automotive', 'landing');
    await userEvent.type(
      screen.getByRole('textbox', { name: /^Vehicle identification number/ }),
      '1NWVRS2F9LG113561',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start Your Claim' }));
    expect(useApplicationStore.getState().errorInfo.showError).toBe(shown);
    expect(authorize).not.toHaveBeenCalled();
  });
});
