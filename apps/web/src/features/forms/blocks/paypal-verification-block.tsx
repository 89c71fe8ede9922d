import { useEffect, useRef } from 'react';
import { getPayPalSettings } from '../../../lib/api-client';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { ERROR_MESSAGES, message } from '../api/messages';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';
import { ButtonBlock } from './button-block';
import { FeedbackMessageBlock } from './feedback-message-block';

const POLL_MS = 500;

/** Whether the login window has come back to this site (PayPal redirects it here when done). */
function returnedHome(popup: Window): boolean {
  try {
    return popup.location.origin === window.location.origin;
  } catch {
    // Still on PayPal's pages: another origin cannot be read.
    return false;
  }
}

/**
 * PayPal verification of the payment election: the claimant logs in to PayPal in a separate
 * window so the server can confirm the account's e-mail; the claim stays in this window.
 * Shown only when the case enables PayPal.
 */
export function PayPalVerificationBlock() {
  const localize = useLocalized();
  const settings = useApplicationStore((state) => state.payPalSettings);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearInterval(timer.current);
    },
    [],
  );
  if (!settings.enabled) return null;

  function login(): Promise<void> {
    const popup = settings.loginUrl
      ? window.open(settings.loginUrl, 'paypal-login', 'popup,width=480,height=720')
      : null;
    if (!popup) {
      useApplicationStore.getState().showError(message(ERROR_MESSAGES.problem));
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      timer.current = setInterval(() => {
        if (!popup.closed && !returnedHome(popup)) return;
        if (timer.current !== null) clearInterval(timer.current);
        timer.current = null;
        if (!popup.closed) popup.close();
        const app = useApplicationStore.getState();
        app.setInvalidPayPalVerification(false);
        getPayPalSettings()
          .then((fresh) => useApplicationStore.getState().setPayPalSettings(fresh))
          .catch((error: unknown) => logger.warn('could not reload the PayPal settings', error))
          .finally(resolve);
      }, POLL_MS);
    });
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
