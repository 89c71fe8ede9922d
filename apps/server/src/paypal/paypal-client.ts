/** Log in with PayPal: the authorize link, the code exchange and the account's e-mail. */

export interface PayPalClientOptions {
  /** REST API base, e.g. https://api-m.paypal.com or https://api-m.sandbox.paypal.com. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Absolute URL of GET /api/banking/paypal/callback, as registered with the PayPal app. */
  returnUrl: string;
  /** The PayPal login page; derived from baseUrl when not given. */
  authorizeUrl?: string;
  fetch?: typeof fetch;
  /** Per request to PayPal; 10000 ms by default. */
  timeoutMs?: number;
}

/** The PayPal account the claimant proved they control. */
export interface VerifiedPayPal {
  /** The primary confirmed address (or the first confirmed one). */
  email: string;
  /** Every confirmed address of the account, lowercased, primary first. */
  emails: string[];
  payerId: string;
}

export interface PayPalClient {
  readonly clientId: string;
  /** The Log in with PayPal page, carrying the session's state value. */
  loginUrl(state: string): string;
  /** Exchanges the code PayPal sent back for the account's confirmed e-mail addresses. */
  verifyAuthorizationCode(code: string): Promise<VerifiedPayPal>;
}

/** PayPal refused, failed or could not be reached; the message says which. */
export class PayPalVerificationError extends Error {
  override name = 'PayPalVerificationError';
}

/** openid and email identify the account; paypalattributes adds the payer id. */
export const PAYPAL_LOGIN_SCOPES = [
  'openid',
  'email',
  'https://uri.paypal.com/services/paypalattributes',
] as const;

const DEFAULT_TIMEOUT_MS = 10_000;

/** PayPal serves the login page from www, the API from api-m. */
const LOGIN_PAGES: Readonly<Record<string, string>> = {
  'api-m.paypal.com': 'https://www.paypal.com/signin/authorize',
  'api.paypal.com': 'https://www.paypal.com/signin/authorize',
  'api-m.sandbox.paypal.com': 'https://www.sandbox.paypal.com/signin/authorize',
  'api.sandbox.paypal.com': 'https://www.sandbox.paypal.com/signin/authorize',
};

export function defaultAuthorizeUrl(baseUrl: string): string {
  const base = trimSlashes(baseUrl);
  return LOGIN_PAGES[new URL(base).hostname] ?? `${base}/signin/authorize`;
}

export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  for (const name of ['baseUrl', 'returnUrl'] as const) {
    if (!URL.canParse(options[name])) {
      throw new Error(`PayPal ${name} "${options[name]}" is not an absolute URL`);
    }
  }
  if (options.clientId === '' || options.clientSecret === '') {
    throw new Error('PayPal needs both a client id and a client secret');
  }
  const base = trimSlashes(options.baseUrl);
  const authorizeUrl = options.authorizeUrl ?? defaultAuthorizeUrl(base);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basicAuth = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  const call = async (what: string, url: string, init: RequestInit): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (
        error instanceof Error &&
        (error.name === 'TimeoutError' || error.name === 'AbortError')
      ) {
        throw new PayPalVerificationError(
          `PayPal did not answer the ${what} within ${timeoutMs} ms`,
        );
      }
      throw new PayPalVerificationError(`PayPal is unreachable (${what}): ${describeError(error)}`);
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Reported below when it matters.
    }
    if (!response.ok) {
      throw new PayPalVerificationError(
        `PayPal refused the ${what} (HTTP ${response.status}${errorDetail(body)})`,
      );
    }
    if (typeof body !== 'object' || body === null) {
      throw new PayPalVerificationError(
        `PayPal answered the ${what} with something other than JSON`,
      );
    }
    return body;
  };

  return {
    clientId: options.clientId,

    loginUrl(state) {
      const url = new URL(authorizeUrl);
      url.searchParams.set('flowEntry', 'static');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', PAYPAL_LOGIN_SCOPES.join(' '));
      url.searchParams.set('redirect_uri', options.returnUrl);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async verifyAuthorizationCode(code) {
      const token = (await call('authorization code', `${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basicAuth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code }),
      })) as Record<string, unknown>;
      if (typeof token.access_token !== 'string' || token.access_token === '') {
        throw new PayPalVerificationError(
          'PayPal answered the code exchange without an access token',
        );
      }

      const user = (await call(
        'account details request',
        `${base}/v1/identity/oauth2/userinfo?schema=paypalv1.1`,
        {
          headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
        },
      )) as Record<string, unknown>;
      const payerId = user.payer_id;
      if (typeof payerId !== 'string' || payerId === '') {
        throw new PayPalVerificationError('PayPal account details carry no payer id');
      }
      const emails = confirmedEmails(user.emails);
      const [email] = emails;
      if (email === undefined) {
        throw new PayPalVerificationError('the PayPal account has no confirmed e-mail address');
      }
      return { email, emails, payerId };
    },
  };
}

/** Confirmed addresses, lowercased, the primary one first. */
function confirmedEmails(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const entries = value.filter(
    (entry): entry is { value: string; primary?: unknown; confirmed?: unknown } =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { value?: unknown }).value === 'string' &&
      isTrue((entry as { confirmed?: unknown }).confirmed),
  );
  entries.sort((a, b) => Number(isTrue(b.primary)) - Number(isTrue(a.primary)));
  return [...new Set(entries.map((entry) => normalizeEmail(entry.value)))].filter(
    (email) => email !== '',
  );
}

/** PayPal's identity API has sent flags both as booleans and as "true"/"false". */
function isTrue(flag: unknown): boolean {
  return flag === true || flag === 'true';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function errorDetail(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { error, error_description: description } = body as Record<string, unknown>;
  const parts = [error, description].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? `: ${parts.join(', ')}` : '';
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause: unknown = error.cause;
    return cause instanceof Error && cause.message !== '' ? cause.message : error.message;
  }
  return String(error);
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}
