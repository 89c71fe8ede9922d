import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAKE_WIDGET_OUTCOMES,
  fakeHCaptchaScript,
  fakeReCaptchaScript,
  isFakeWidgetOutcome,
} from './fake-captcha-widget';
import type { FakeWidgetOutcome } from './fake-captcha-widget';
import { FakeSiteverify } from './fake-siteverify';
import type { FakeSiteverifyOptions, SiteverifyCall, SiteverifyOutcome } from './fake-siteverify';

export interface FakeCaptchaServer {
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  hCaptchaSiteverifyUrl: string;
  reCaptchaSiteverifyUrl: string;
  /** The fake widget scripts; append ?onload=<name>&render=explicit like the real ones. */
  hCaptchaScriptUrl: string;
  reCaptchaScriptUrl: string;
  /** What siteverify does from now on ('scripted' by default). */
  setOutcome(outcome: SiteverifyOutcome): void;
  /** Hostname siteverify reports for passed tokens ('localhost' by default). */
  setHostname(hostname: string): void;
  /** Outcome the served widget scripts use when the page sets none ('pass' by default). */
  setWidgetOutcome(outcome: FakeWidgetOutcome): void;
  /** When false, both api.js answer 503, as when the provider's script cannot load. */
  setScriptsAvailable(available: boolean): void;
  /** Every siteverify request received, oldest first. */
  readonly calls: readonly SiteverifyCall[];
  close(): Promise<void>;
}

/**
 * hCaptcha and reCAPTCHA on loopback: POST /hcaptcha/siteverify, POST /recaptcha/siteverify,
 * GET /hcaptcha/api.js and GET /recaptcha/api.js, on 127.0.0.1 at an ephemeral port.
 */
export async function startFakeCaptchaServer(
  options: FakeSiteverifyOptions = {},
): Promise<FakeCaptchaServer> {
  const siteverify = new FakeSiteverify(options);
  let widgetOutcome: FakeWidgetOutcome = 'pass';
  let scriptsAvailable = true;

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const sendScript = (source: string) => {
      if (!scriptsAvailable) {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
        return;
      }
      response
        .writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
        })
        .end(source);
    };
    switch (path) {
      case '/hcaptcha/siteverify':
        void siteverify.handle('hcaptcha', request, response).catch(() => response.destroy());
        return;
      case '/recaptcha/siteverify':
        void siteverify.handle('recaptcha', request, response).catch(() => response.destroy());
        return;
      case '/hcaptcha/api.js':
        sendScript(fakeHCaptchaScript(widgetOutcome));
        return;
      case '/recaptcha/api.js':
        sendScript(fakeReCaptchaScript(widgetOutcome));
        return;
      default:
        response.writeHead(404, { 'content-type': 'text/plain' }).end(`no fake at ${path}`);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    hCaptchaSiteverifyUrl: `${url}/hcaptcha/siteverify`,
    reCaptchaSiteverifyUrl: `${url}/recaptcha/siteverify`,
    hCaptchaScriptUrl: `${url}/hcaptcha/api.js`,
    reCaptchaScriptUrl: `${url}/recaptcha/api.js`,
    setOutcome: (outcome) => siteverify.setOutcome(outcome),
    setHostname: (hostname) => siteverify.setHostname(hostname),
    setWidgetOutcome(outcome) {
      if (!isFakeWidgetOutcome(outcome)) {
        throw new Error(
          `unexpected fake captcha outcome "${String(outcome)}"; expected one of ${FAKE_WIDGET_OUTCOMES.join(', ')}`,
        );
      }
      widgetOutcome = outcome;
    },
    setScriptsAvailable(available) {
      scriptsAvailable = available;
    },
    calls: siteverify.calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hung siteverify requests would otherwise keep close() waiting forever.
        server.closeAllConnections();
      }),
  };
}
