import {
  PAYPAL_RETURN_PARAMETER,
  PAYPAL_RETURN_VALUE,
} from '@claims/core/contract/payment-election';

/**
 * The Log in with PayPal window and the claim's window (docs/behaviour.md#payment-election).
 * The site's pages are isolated from other origins' (Cross-Origin-Opener-Policy), so once the
 * login window has been on PayPal's pages the claim's window can no longer read or close it.
 * When PayPal sends it back, the page there tells the claim's window through a broadcast
 * channel of this origin, and closes itself.
 */

export const PAYPAL_LOGIN_CHANNEL = 'claims-paypal-login';

const LOGIN_DONE = 'login-done';

export interface LoginWindow {
  readonly location: { readonly href: string };
  readonly history: Pick<History, 'replaceState'>;
  readonly closed: boolean;
  close(): void;
}

/** A BroadcastChannel of this origin, as far as the two windows use it. */
export interface LoginChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export type OpenLoginChannel = () => LoginChannel | null;

/** The browser's channel; none where the browser has no BroadcastChannel. */
const openChannel: OpenLoginChannel = () =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PAYPAL_LOGIN_CHANNEL);

/**
 * On the page PayPal sent the login window back to (marked by the callback): tells the claim's
 * window the login is over and closes. Answers true when the window is closing; false on any
 * other page, or where the browser keeps the window open (it was not opened by the site), in
 * which case the mark is taken off and the page loads as usual.
 */
export function closeReturnedLoginWindow(
  target: LoginWindow = window,
  open: OpenLoginChannel = openChannel,
): boolean {
  const url = new URL(target.location.href);
  if (url.searchParams.get(PAYPAL_RETURN_PARAMETER) !== PAYPAL_RETURN_VALUE) return false;
  const channel = open();
  channel?.postMessage(LOGIN_DONE);
  channel?.close();
  url.searchParams.delete(PAYPAL_RETURN_PARAMETER);
  target.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  target.close();
  return target.closed;
}

/** Calls `listener` each time a login window says it is back; answers how to stop listening. */
export function onPayPalLoginDone(
  listener: () => void,
  open: OpenLoginChannel = openChannel,
): () => void {
  const channel = open();
  if (channel === null) return () => undefined;
  channel.onmessage = (event) => {
    if (event.data === LOGIN_DONE) listener();
  };
  return () => channel.close();
}
