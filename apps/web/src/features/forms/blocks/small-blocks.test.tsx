import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { FormContext } from '../form-context';
import { CaptchaBlock } from './captcha-block';
import { PayPalVerificationBlock } from './paypal-verification-block';
import { ReferenceCodeBlock } from './reference-code-block';
import { getBlock } from './registry';

beforeEach(() => {
  useApplicationStore.setState({ formReferenceCodes: {} });
  useCaptchaStore.setState({ provider: null });
  useApplicationStore.setState((state) => ({
    payPalSettings: { ...state.payPalSettings, enabled: false },
  }));
});

function renderReferenceCode() {
  return render(
    <FormContext.Provider value={{ formType: 'Standard', page: 'confirmation' }}>
      <ReferenceCodeBlock />
    </FormContext.Provider>,
  );
}

describe('ReferenceCodeBlock', () => {
  it("shows the form's reference code", () => {
    useApplicationStore.getState().setReferenceCode('Standard', 'ABC-7K3Q-9XT4');
    renderReferenceCode();
    expect(screen.getAllByText('ABC-7K3Q-9XT4').length).toBeGreaterThan(0);
  });

  it('copies the code', async () => {
    useApplicationStore.getState().setReferenceCode('Standard', 'ABC-7K3Q-9XT4');
    const user = userEvent.setup();
    renderReferenceCode();
    await user.click(screen.getByRole('button', { name: 'Copy reference code' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('ABC-7K3Q-9XT4');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
  });

  it('prints the page', async () => {
    useApplicationStore.getState().setReferenceCode('Standard', 'ABC-7K3Q-9XT4');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderReferenceCode();
    await userEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalled();
  });

  it('fails when the form has no reference code', () => {
    expect(() => renderReferenceCode()).toThrow('no reference code for the Standard form');
  });
});

describe('CaptchaBlock', () => {
  it.each([
    ['HCaptcha', /protected by hCaptcha/],
    ['GoogleReCaptcha', /protected by reCAPTCHA/],
    ['Altcha', /short puzzle/],
  ] as const)('says the page is protected by %s', (provider, text) => {
    useCaptchaStore.setState({ provider });
    render(<CaptchaBlock />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['a key press', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Tab}')],
    ['a click', (user: ReturnType<typeof userEvent.setup>) => user.click(document.body)],
  ])("prepares the captcha on the claimant's first activity: %s", async (_name, act) => {
    const prepare = vi.fn(async () => undefined);
    useCaptchaStore.setState({ provider: 'Altcha', prepared: false, prepare });
    render(<CaptchaBlock />);
    expect(prepare).not.toHaveBeenCalled();
    await act(userEvent.setup());
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('does not prepare the captcha when the page only moves the focus', () => {
    const prepare = vi.fn(async () => undefined);
    useCaptchaStore.setState({ provider: 'Altcha', prepared: false, prepare });
    render(
      <>
        <h1 tabIndex={-1}>Page</h1>
        <CaptchaBlock />
      </>,
    );
    screen.getByRole('heading').focus();
    expect(prepare).not.toHaveBeenCalled();
  });
});

describe('PayPalVerificationBlock', () => {
  it('shows nothing while PayPal is disabled', () => {
    const { container } = render(<PayPalVerificationBlock />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers the PayPal login when enabled', () => {
    useApplicationStore.setState((state) => ({
      payPalSettings: {
        ...state.payPalSettings,
        enabled: true,
        loginUrl: 'https://paypal.test/login',
      },
    }));
    render(<PayPalVerificationBlock />);
    expect(
      screen.getByRole('button', { name: 'Log in with PayPal to confirm your account' }),
    ).toBeInTheDocument();
  });

  it('says when PayPal could not verify the election', () => {
    useApplicationStore.setState((state) => ({
      payPalSettings: { ...state.payPalSettings, enabled: true, invalidPayPalVerification: true },
    }));
    render(<PayPalVerificationBlock />);
    expect(screen.getByRole('alert')).toHaveTextContent(/could not confirm/);
  });
});

describe('block registry', () => {
  it('fails for an unknown component and lists the known ones', () => {
    expect(() => getBlock('Txt')).toThrow(
      /unknown page block component "Txt"; expected one of AddressInput, Banner, .*Text, Textarea/,
    );
  });

  it('gives the component of a known name', () => {
    expect(getBlock('Captcha')).toBe(CaptchaBlock);
  });
});
