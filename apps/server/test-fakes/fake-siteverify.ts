import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the fake siteverify does with the next requests. */
export type SiteverifyOutcome =
  /** Tokens starting "pass-" succeed once; anything else is refused with the provider's code. */
  | 'scripted'
  /** Never answers (the connection stays open until the server closes). */
  | 'hang'
  /** Answers HTTP 500. */
  | 'server-error'
  /** Answers 200 with a body that is not JSON. */
  | 'not-json';

export const SITEVERIFY_OUTCOMES: readonly SiteverifyOutcome[] = [
  'scripted',
  'hang',
  'server-error',
  'not-json',
];

export type FakeCaptchaProvider = 'hcaptcha' | 'recaptcha';

/** One request as the fake received it. */
export interface SiteverifyCall {
  provider: FakeCaptchaProvider;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  sitekey: string | null;
}

export interface FakeSiteverifyOptions {
  /** Secret the fake expects; "fake-hcaptcha-secret" and "fake-recaptcha-secret" by default. */
  secrets?: Partial<Record<FakeCaptchaProvider, string>>;
  /** hCaptcha refuses a token sent with another site key; "fake-hcaptcha-site-key" by default. */
  hCaptchaSiteKey?: string;
  /** Hostname reported for passed tokens; "localhost" by default. */
  hostname?: string;
}

export const FAKE_SECRETS: Readonly<Record<FakeCaptchaProvider, string>> = {
  hcaptcha: 'fake-hcaptcha-secret',
  recaptcha: 'fake-recaptcha-secret',
};
export const FAKE_HCAPTCHA_SITE_KEY = 'fake-hcaptcha-site-key';
export const FAKE_RECAPTCHA_SITE_KEY = 'fake-recaptcha-site-key';
export const PASSING_TOKEN_PREFIX = 'pass-';

/** Each provider's error code for a token it has already verified once. */
const DUPLICATE_CODES: Readonly<Record<FakeCaptchaProvider, string>> = {
  hcaptcha: 'invalid-or-already-seen-response',
  recaptcha: 'timeout-or-duplicate',
};

const MAX_BODY_BYTES = 64 * 1024;

/** The siteverify half of the fake captcha server: hCaptcha's and reCAPTCHA's protocol. */
export class FakeSiteverify {
  readonly calls: SiteverifyCall[] = [];
  private outcome: SiteverifyOutcome = 'scripted';
  private hostname: string;
  private readonly secrets: Record<FakeCaptchaProvider, string>;
  private readonly hCaptchaSiteKey: string;
  private readonly seen = new Set<string>();

  constructor(options: FakeSiteverifyOptions = {}) {
    this.secrets = { ...FAKE_SECRETS, ...options.secrets };
    this.hCaptchaSiteKey = options.hCaptchaSiteKey ?? FAKE_HCAPTCHA_SITE_KEY;
    this.hostname = options.hostname ?? 'localhost';
  }

  setOutcome(outcome: SiteverifyOutcome): void {
    if (!SITEVERIFY_OUTCOMES.includes(outcome)) {
      throw new Error(
        `unexpected siteverify outcome "${String(outcome)}"; expected one of ${SITEVERIFY_OUTCOMES.join(', ')}`,
      );
    }
    this.outcome = outcome;
  }

  setHostname(hostname: string): void {
    this.hostname = hostname;
  }

  async handle(
    provider: FakeCaptchaProvider,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    if (request.method !== 'POST') {
      sendJson(response, 405, { success: false, 'error-codes': ['method-not-allowed'] });
      return;
    }
    const body = await readBody(request);
    if (body === null) {
      sendJson(response, 413, { success: false, 'error-codes': ['request-too-large'] });
      return;
    }
    const form = new URLSearchParams(body);
    this.calls.push({
      provider,
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
      sitekey: form.get('sitekey'),
    });

    switch (this.outcome) {
      case 'hang':
        return;
      case 'server-error':
        response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
        return;
      case 'not-json':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      case 'scripted':
        sendJson(response, 200, this.answer(provider, form));
        return;
    }
  }

  private answer(provider: FakeCaptchaProvider, form: URLSearchParams): Record<string, unknown> {
    const secret = form.get('secret');
    const token = form.get('response');
    const sitekey = form.get('sitekey');
    if (secret === null || secret === '') return refusal('missing-input-secret');
    if (secret !== this.secrets[provider]) return refusal('invalid-input-secret');
    if (token === null || token === '') return refusal('missing-input-response');
    if (provider === 'hcaptcha' && sitekey !== null && sitekey !== this.hCaptchaSiteKey) {
      return refusal('sitekey-secret-mismatch');
    }
    if (!token.startsWith(PASSING_TOKEN_PREFIX)) return refusal('invalid-input-response');
    if (this.seen.has(token)) return refusal(DUPLICATE_CODES[provider]);
    this.seen.add(token);
    return {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: this.hostname,
      ...(provider === 'hcaptcha' ? { credit: false } : {}),
    };
  }
}

function refusal(code: string): Record<string, unknown> {
  return { success: false, 'error-codes': [code] };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
