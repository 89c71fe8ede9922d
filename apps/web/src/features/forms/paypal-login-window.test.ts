import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYPAL_LOGIN_CHANNEL,
  closeReturnedLoginWindow,
  onPayPalLoginDone,
  type LoginWindow,
} from './paypal-login-window';

/** A window at `href` that closes when asked unless `closable` is false. */
function fakeWindow(href: string, closable = true) {
  const state = { href, closed: false, replacedWith: null as string | null };
  const target: LoginWindow = {
    location: {
      get href() {
        return state.href;
      },
    },
    history: {
      replaceState(_data, _unused, url) {
        state.replacedWith = String(url);
        state.href = new URL(String(url), state.href).href;
      },
    },
    get closed() {
      return state.closed;
    },
    close() {
      if (closable) state.closed = true;
    },
  };
  return { target, state };
}

const RETURNED = 'https://claims.example.org/standard/payment-election?payPalLogin=done';

const opened: BroadcastChannel[] = [];
function listen(): BroadcastChannel {
  const channel = new BroadcastChannel(PAYPAL_LOGIN_CHANNEL);
  opened.push(channel);
  return channel;
}
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

function nextMessage(channel: BroadcastChannel): Promise<unknown> {
  return new Promise((resolve) => {
    channel.onmessage = (event) => resolve(event.data);
  });
}

describe('closeReturnedLoginWindow', () => {
  it("tells the claim's window and closes on the page PayPal sent the login window back to", async () => {
    const claimWindow = listen();
    const message = nextMessage(claimWindow);
    const { target, state } = fakeWindow(RETURNED);
    expect(closeReturnedLoginWindow(target)).toBe(true);
    expect(state.closed).toBe(true);
    await expect(message).resolves.toBe('login-done');
  });

  it('leaves a page without the mark alone', () => {
    const { target, state } = fakeWindow(
      'https://claims.example.org/standard/payment-election?payPalLogin=other',
    );
    const open = vi.fn(() => null);
    expect(closeReturnedLoginWindow(target, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(state.closed).toBe(false);
    expect(state.replacedWith).toBeNull();
  });

  it('takes the mark off and lets the page load where the browser keeps the window open', () => {
    const { target, state } = fakeWindow(`${RETURNED}&culture=es#main`, false);
    expect(closeReturnedLoginWindow(target, () => null)).toBe(false);
    expect(state.replacedWith).toBe('/standard/payment-election?culture=es#main');
  });
});

describe('onPayPalLoginDone', () => {
  it('calls the listener when a login window says it is back, and not after it stops', async () => {
    const listener = vi.fn();
    const stop = onPayPalLoginDone(listener);
    const loginWindow = listen();
    loginWindow.postMessage('something else');
    loginWindow.postMessage('login-done');
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    stop();
    loginWindow.postMessage('login-done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
