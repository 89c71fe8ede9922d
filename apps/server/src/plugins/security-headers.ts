import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { CaptchaProvider } from '@claims/core/contract/api';

/** Where each captcha provider loads its script and frames from (their documented origins). */
export const CAPTCHA_ORIGINS: Readonly<Record<CaptchaProvider, readonly string[]>> = {
  HCaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  GoogleReCaptcha: [
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
  ],
  // Self-hosted: the challenge comes from this server and the proof of work runs in a worker.
  Altcha: [],
};

/**
 * The origin of a provider script served from another address (a proxy, a regional mirror, a
 * fake in tests), allowed as the provider's own origins are: such a host also serves the
 * widget's frames and answers its calls.
 */
export function captchaScriptOrigins(scriptUrl: string | undefined): string[] {
  return scriptUrl === undefined ? [] : [new URL(scriptUrl).origin];
}

export interface SecurityHeadersOptions {
  captchaProvider: CaptchaProvider;
  /** Where the provider's script is loaded from instead of its own address: its origin is allowed. */
  captchaScriptUrl?: string | undefined;
  /** Further origins the page may load scripts and frames from and connect to. */
  extraOrigins: readonly string[];
  https: boolean;
}

/**
 * Security headers on every answer: a CSP that allows no inline script and no framing of
 * the site, X-Frame-Options DENY, no MIME sniffing, no referrer leaks.
 *
 * Helmet's middleware is built once, at start-up, and run on each request's raw response, as
 * @fastify/helmet runs it. That plugin builds the middleware again on every request (so that a
 * route may bring options of its own, which no route here does), parsing the CSP again each
 * time: a few percent of every answer's time under load (bench/ANALYSIS.md).
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const thirdParty = [
      ...new Set([
        ...CAPTCHA_ORIGINS[options.captchaProvider],
        ...captchaScriptOrigins(options.captchaScriptUrl),
        ...options.extraOrigins,
      ]),
    ];
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...thirdParty],
          // Style attributes set by the UI library and the captcha widgets; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'", ...thirdParty],
          imgSrc: ["'self'", 'data:', ...thirdParty],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...thirdParty],
          frameSrc: thirdParty.length === 0 ? ["'none'"] : thirdParty,
          // The proof-of-work captcha runs in a worker the widget may create from a blob.
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // HSTS only makes sense over HTTPS; over plain HTTP browsers ignore it anyway.
      strictTransportSecurity: options.https
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet throws what goes wrong rather than passing it on; it calls this with nothing.
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
