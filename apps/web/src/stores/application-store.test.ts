import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindRouter } from '../lib/router-binding';
import { useApplicationStore } from './application-store';
import { resetStores } from './testing/reset-stores';

const navigate = vi.fn(() => Promise.resolve());

beforeEach(() => {
  resetStores();
  navigate.mockClear();
  bindRouter({
    navigate,
    currentLocation: () => ({ pathname: '/standard/claim-details', search: '?culture=es' }),
  });
});

afterEach(() => {
  bindRouter(null);
});

describe('application store', () => {
  it('starts with no form authorized and a 30-minute session', () => {
    const state = useApplicationStore.getState();
    expect(state.authorized.forms).toEqual({
      Standard: false,
      Automotive: false,
      Lookup: false,
      DocumentsUpload: false,
    });
    expect(state.client.minSessionDuration).toBe(30);
  });

  it('records a form as authorized with the error message cleared', () => {
    useApplicationStore.getState().setAuthorized('Standard', false, 'Wrong PIN');
    useApplicationStore.getState().setAuthorized('Standard', true);
    const { authorized } = useApplicationStore.getState();
    expect(authorized.forms.Standard).toBe(true);
    expect(authorized.errorMessage).toBeNull();
  });

  it('refuses to authorize a form type it does not know', () => {
    expect(() => useApplicationStore.getState().setAuthorized('Claims' as never, true)).toThrow(
      'Unexpected Form Type "Claims"',
    );
  });

  it('keeps a reference code per form type', () => {
    useApplicationStore.getState().setReferenceCode('Automotive', 'ABC-123');
    expect(useApplicationStore.getState().formReferenceCodes).toEqual({ Automotive: 'ABC-123' });
  });

  it('shows an error in the dialog and hides it again', () => {
    useApplicationStore.getState().showError('Something failed', { header: 'Oops' });
    expect(useApplicationStore.getState().errorInfo).toEqual({
      showError: true,
      header: 'Oops',
      message: 'Something failed',
    });
    useApplicationStore.getState().hideError();
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
  });

  it('sends the claimant to the error page with the culture when redirectOnError is set', () => {
    useApplicationStore.getState().showError('Claim refused', { redirectOnError: true });
    expect(navigate).toHaveBeenCalledWith('/error?culture=es', {
      state: { error: { header: null, message: 'Claim refused' } },
    });
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: false,
      message: 'Claim refused',
    });
  });

  it('ends every authorization when the session expires', () => {
    useApplicationStore.getState().setAuthorized('Automotive', true);
    useApplicationStore
      .getState()
      .setSessionExpired(true, '/session-expired?form=automotive&culture=en');
    const state = useApplicationStore.getState();
    expect(state.sessionExpired).toBe(true);
    expect(state.authorized.forms.Automotive).toBe(false);
    expect(state.client.expiredRedirectUrl).toBe('/session-expired?form=automotive&culture=en');
  });

  it('clears the expired flag when a form is authorized again', () => {
    useApplicationStore.getState().setSessionExpired(true);
    useApplicationStore.getState().setAuthorized('Standard', true);
    expect(useApplicationStore.getState().sessionExpired).toBe(false);
  });

  it('refuses a session length that is not a positive number of minutes', () => {
    expect(() => useApplicationStore.getState().setMinSessionDuration(0)).toThrow(
      'minSessionDuration must be a positive number of minutes; got 0',
    );
  });

  it('shows the banner only when its config enables it', () => {
    const banner = { showBanner: true, headerKey: 'H', copyKeys: ['A', 'B'] as [string, string] };
    useApplicationStore.getState().setBanner(banner);
    expect(useApplicationStore.getState().banner.activeBannerState).toEqual({
      showBanner: true,
      banner,
    });
  });

  it('flags an invalid PayPal verification without losing the settings', () => {
    const app = useApplicationStore.getState();
    const settings = {
      clientId: 'id',
      enabled: true,
      loginUrl: 'https://paypal.example/login',
      invalidPayPalVerification: false,
      authCodeExpiration: '2027-01-01T00:10:00Z',
    };
    app.setPayPalSettings(settings);
    app.setInvalidPayPalVerification(true);
    expect(useApplicationStore.getState().payPalSettings).toEqual({
      ...settings,
      invalidPayPalVerification: true,
    });
  });

  it('lists the available form types in SPEC order', () => {
    useApplicationStore.getState().setAvailableFormTypes(['Lookup', 'Standard']);
    expect(useApplicationStore.getState().availableFormTypes).toEqual(['Standard', 'Lookup']);
  });
});
