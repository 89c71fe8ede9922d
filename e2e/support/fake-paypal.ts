import type { Document } from 'yaml';
import {
  startFakePayPal,
  type FakePayPal,
  type FakePayPalAccount,
} from '../../apps/server/test-fakes/fake-paypal';
import { PAYPAL_CALLBACK_PATH } from '../../apps/server/src/routes/paypal-routes';

export type { FakePayPal, FakePayPalAccount };

/**
 * Log in with PayPal on loopback for a server at `origin`: the login page is a small page
 * whose "Log in" button the test clicks, and it sends the browser back only to that server's
 * callback; the code exchange checks the client's id and secret and takes only the codes it
 * issued (apps/server/test-fakes/fake-paypal.ts).
 */
export function startBrowserPayPal(origin: string): Promise<FakePayPal> {
  return startFakePayPal({
    clientId: 'e2e-paypal-client',
    clientSecret: 'e2e-paypal-secret',
    loginPage: 'consent',
    returnUrl: `${origin}${PAYPAL_CALLBACK_PATH}`,
  });
}

/** The server environment that points its PayPal client at the fake (apps/server/src/config.ts). */
export function fakePayPalEnvironment(fake: FakePayPal, origin: string): Record<string, string> {
  return {
    PAYPAL_BASE_URL: fake.url,
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    // The absolute address of the login callback the server gives PayPal.
    PUBLIC_ORIGIN: origin,
  };
}

/** Turns the PayPal payment election on in a copy of the demo case (support/case-folder.ts). */
export function enablePayPal(caseYaml: Document): void {
  caseYaml.setIn(['payment', 'payPal', 'enabled'], true);
}
