import { useEffect } from 'react';
import { getPayPalSettings } from '../../../lib/api-client';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { ERROR_MESSAGES, message } from '../api/messages';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';
import { onPayPalLoginDone } from '../paypal-login-window';
import { ButtonBlock } from './button-block';
import { FeedbackMessageBlock } from './feedback-message-block';

/** The settings again after a login: a fresh login link, and whether PayPal verified it. */
function reloadPayPalSettings(): void {
  useApplicationStore.getState().setInvalidPayPalVerification(false);
  getPayPalSettings()
    .then((fresh) => useApplicationStore.getState().setPayPalSettings(fresh))
    .catch((error: unknown) => logger.warn('could not reload the PayPal settings', error));
}

/**
 * PayPal verification of the payment election: the claimant logs in to PayPal in a separate
 * window so the server can confirm the account's e-mail; the claim stays in this window. The
 * login window, once PayPal has sent it back, says so and closes (paypal-login-window.ts).
 * Shown only when the case enables PayPal.
 */
export function PayPalVerificationBlock() {
  const localize = useLocalized();
  const settings = useApplicationStore((state) => state.payPalSettings);
  useEffect(
    () => (settings.enabled ? onPayPalLoginDone(reloadPayPalSettings) : undefined),
    [settings.enabled],
  );
  if (!settings.enabled) return null;

  function login(): void {
    const popup = settings.loginUrl
      ? window.open(settings.loginUrl, 'paypal-login', 'popup,width=480,height=720')
      : null;
    if (!popup) useApplicationStore.getState().showError(message(ERROR_MESSAGES.problem));
  }

  return (
    <div className="paypal-verification card mb-3">
      <div className="card-body">
        <p>{localize(FORMS_TEXT.payPalVerifyCopy)}</p>
        {settings.invalidPayPalVerification && (
          <FeedbackMessageBlock variant="danger" message={localize(FORMS_TEXT.payPalInvalid)} />
        )}
        <ButtonBlock label={FORMS_TEXT.payPalVerify} variant="outline-primary" onClick={login} />
      </div>
    </div>
  );
}
