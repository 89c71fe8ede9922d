import { CaptchaError, type CaptchaWidget } from './captcha-widget';
import { loadProviderScript } from './load-script';

export const GOOGLE_RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

interface GoogleReCaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
}

/** reCAPTCHA throws plain Errors; 'No reCAPTCHA clients exist.' means no widget is rendered. */
function toReCaptchaError(error: unknown): CaptchaError {
  const message = error instanceof Error ? error.message : String(error);
  return new CaptchaError(
    /no reCAPTCHA clients/i.test(message) ? 'missing-captcha' : 'invalid-captcha-id',
    `captcha failed: ${message}`,
  );
}

function api(): GoogleReCaptchaApi {
  const grecaptcha = (window as unknown as { grecaptcha?: GoogleReCaptchaApi }).grecaptcha;
  if (!grecaptcha) {
    throw new CaptchaError('script-error', 'the reCAPTCHA script defined no grecaptcha');
  }
  return grecaptcha;
}

/**
 * reCAPTCHA v2 calls its error-callback, without saying why, for every failure but an expired
 * token: a lost connection, a rate limit, an internal error. docs/behaviour.md#captcha resets the
 * widget after a rate limit or an internal error and only warns after a network error, so the
 * failure counts as a network error while the browser knows it is offline, and otherwise as an
 * internal error, which resets the widget as the other providers' failures do.
 */
function errorCallbackCode(): 'network-error' | 'internal-error' {
  return navigator.onLine ? 'internal-error' : 'network-error';
}

interface Pending {
  resolve(token: string): void;
  reject(error: CaptchaError): void;
}

/** Page events that show the claimant is back on the page, not in a challenge. */
const BACK_ON_PAGE = ['pointerdown', 'keydown'] as const;

/**
 * reCAPTCHA's invisible widget answers through callbacks rather than a promise, so each
 * widget keeps the run in progress and settles it from the callbacks. The widget gives no
 * signal when its challenge is closed; a click or key press on the page itself (the challenge
 * runs in its own frame, whose events do not reach the page) means it was, so the run ends as
 * challenge-closed instead of holding the buttons disabled.
 */
export function createGoogleReCaptchaWidget(options: {
  siteKey: string;
  scriptUrl?: string;
}): CaptchaWidget {
  const pending = new Map<string, Pending>();
  const hosts = new Map<string, HTMLElement>();
  let stopWatching: (() => void) | null = null;

  function settle(widgetId: string, outcome: (run: Pending) => void) {
    const run = pending.get(widgetId);
    pending.delete(widgetId);
    stopWatching?.();
    stopWatching = null;
    if (run) outcome(run);
  }

  function watchForClose(widgetId: string) {
    const closed = () =>
      settle(widgetId, (run) => run.reject(new CaptchaError('challenge-closed')));
    for (const type of BACK_ON_PAGE) document.addEventListener(type, closed, true);
    stopWatching = () => {
      for (const type of BACK_ON_PAGE) document.removeEventListener(type, closed, true);
    };
  }

  return {
    async render(container) {
      await loadProviderScript(options.scriptUrl ?? GOOGLE_RECAPTCHA_SCRIPT_URL, 'onReCaptchaLoad');
      // reCAPTCHA renders once per element and cannot remove a widget, so each widget gets an
      // element of its own, which remove() takes out of the page.
      const host = document.createElement('div');
      container.append(host);
      let widgetId = '';
      try {
        const id = api().render(host, {
          sitekey: options.siteKey,
          size: 'invisible',
          callback: (token: string) => settle(widgetId, (run) => run.resolve(token)),
          'expired-callback': () =>
            settle(widgetId, (run) => run.reject(new CaptchaError('challenge-expired'))),
          'error-callback': () =>
            settle(widgetId, (run) => run.reject(new CaptchaError(errorCallbackCode()))),
        });
        widgetId = String(id);
      } catch (error) {
        host.remove();
        throw error;
      }
      hosts.set(widgetId, host);
      return widgetId;
    },
    execute(widgetId) {
      return new Promise<string>((resolve, reject) => {
        pending.set(widgetId, { resolve, reject });
        try {
          api().execute(Number(widgetId));
          if (pending.has(widgetId)) watchForClose(widgetId);
        } catch (error) {
          settle(widgetId, () => undefined);
          reject(error instanceof CaptchaError ? error : toReCaptchaError(error));
        }
      });
    },
    reset(widgetId) {
      settle(widgetId, (run) => run.reject(new CaptchaError('challenge-closed')));
      api().reset(Number(widgetId));
    },
    remove(widgetId) {
      settle(widgetId, (run) => run.reject(new CaptchaError('challenge-closed')));
      hosts.get(widgetId)?.remove();
      hosts.delete(widgetId);
    },
  };
}
