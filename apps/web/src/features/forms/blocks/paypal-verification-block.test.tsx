import { render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { PAYPAL_LOGIN_CHANNEL } from '../paypal-login-window';
import { PayPalVerificationBlock } from './paypal-verification-block';

const FRESH_SETTINGS = {
  clientId: 'client',
  enabled: true,
  loginUrl: 'https://paypal.test/login?state=fresh',
  invalidPayPalVerification: true,
  authCodeExpiration: '2030-05-01T12:10:00.000Z',
};

vi.mock('../../../lib/api-client', () => ({
  getPayPalSettings: vi.fn(async () => FRESH_SETTINGS),
}));

const loginWindow = new BroadcastChannel(PAYPAL_LOGIN_CHANNEL);
afterEach(() => {
  loginWindow.onmessage = null;
});
afterAll(() => {
  loginWindow.close();
});

describe('PayPalVerificationBlock', () => {
  it('reads the PayPal settings again when the login window says PayPal sent it back', async () => {
    useApplicationStore.setState((state) => ({
      payPalSettings: {
        ...state.payPalSettings,
        enabled: true,
        loginUrl: 'https://paypal.test/login?state=spent',
        invalidPayPalVerification: false,
      },
    }));
    render(<PayPalVerificationBlock />);
    loginWindow.postMessage('login-done');
    await waitFor(() =>
      expect(useApplicationStore.getState().payPalSettings).toEqual(FRESH_SETTINGS),
    );
  });
});
