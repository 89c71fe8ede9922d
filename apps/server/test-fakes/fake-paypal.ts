import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An account as PayPal's identity API (schema paypalv1.1) describes it. */
export interface FakePayPalAccount {
  payerId: string;
  name: string;
  emails: Array<{ value: string; primary: boolean; confirmed: boolean }>;
}

export type FakePayPalOutcome =
  /** Behaves like PayPal. */
  | 'normal'
  /** Every API call answers HTTP 500. */
  | 'server-error'
  /** API calls never answer (until close). */
  | 'hang';

/** What the fake login page does when the browser arrives at /signin/authorize. */
export type FakePayPalLoginDecision = 'approve' | 'cancel';

/**
 * How the login page answers: 'redirect' sends the browser straight back with the decision
 * set by setLogin; 'consent' shows a page whose "Log in" and "Cancel" buttons decide.
 */
export type FakePayPalLoginPage = 'redirect' | 'consent';

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  /** 'redirect' by default. */
  loginPage?: FakePayPalLoginPage;
  /**
   * The return URL registered for the client: the login page refuses any other redirect_uri,
   * as PayPal does. Any absolute URL is taken when absent.
   */
  returnUrl?: string;
}

export interface FakePayPalRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

export interface FakePayPal {
  /** Origin, usable as the client's baseUrl; the login page is at /signin/authorize. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** An authorization code for the account, as PayPal appends to the return URL (single use). */
  issueCode(account?: FakePayPalAccount): string;
  /** The account the login page signs in with ('approve') or whether it cancels. */
  setLogin(decision: FakePayPalLoginDecision, account?: FakePayPalAccount): void;
  setOutcome(outcome: FakePayPalOutcome): void;
  readonly requests: readonly FakePayPalRequest[];
  close(): Promise<void>;
}

export const FAKE_PAYPAL_ACCOUNT: FakePayPalAccount = {
  payerId: 'WDJJHEBZ4X2LY',
  name: 'Pat Claimant',
  emails: [
    { value: 'Pat.Claimant@example.com', primary: true, confirmed: true },
    { value: 'pat.work@example.com', primary: false, confirmed: true },
    { value: 'pat.unconfirmed@example.com', primary: false, confirmed: false },
  ],
};

/**
 * PayPal on loopback: the Log in with PayPal page (GET /signin/authorize, which redirects
 * straight back, or shows a consent page whose form posts to the same address), POST
 * /v1/oauth2/token (authorization_code grant, Basic client auth) and
 * GET /v1/identity/oauth2/userinfo?schema=paypalv1.1.
 */
export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? 'fake-paypal-client-id';
  const clientSecret = options.clientSecret ?? 'fake-paypal-client-secret';
  const loginPage = options.loginPage ?? 'redirect';
  const codes = new Map<string, FakePayPalAccount>();
  const accessTokens = new Map<string, FakePayPalAccount>();
  const requests: FakePayPalRequest[] = [];
  let outcome: FakePayPalOutcome = 'normal';
  let decision: FakePayPalLoginDecision = 'approve';
  let loginAccount = FAKE_PAYPAL_ACCOUNT;

  const issueCode = (account: FakePayPalAccount = FAKE_PAYPAL_ACCOUNT) => {
    const code = `C21A${randomBytes(24).toString('base64url')}`;
    codes.set(code, account);
    return code;
  };

  /** The client's login request, or null when the client or its return address is unknown. */
  const loginRequest = (params: URLSearchParams): LoginRequest | null => {
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== clientId || redirectUri === null) return null;
    if (!URL.canParse(redirectUri)) return null;
    if (options.returnUrl !== undefined && redirectUri !== options.returnUrl) return null;
    return { redirectUri, state: params.get('state') ?? '' };
  };

  /** Back to the client's return address with a code for the account, or with the refusal. */
  const sendBack = (
    response: ServerResponse,
    login: LoginRequest,
    answer: FakePayPalLoginDecision,
    status: 302 | 303,
  ) => {
    const target = new URL(login.redirectUri);
    if (answer === 'approve') target.searchParams.set('code', issueCode(loginAccount));
    else target.searchParams.set('error', 'access_denied');
    target.searchParams.set('state', login.state);
    response.writeHead(status, { location: target.toString() }).end();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization ?? null,
      body,
    });

    if (url.pathname === '/signin/authorize' && request.method === 'GET') {
      const login = loginRequest(url.searchParams);
      if (login === null) {
        refuseLogin(response);
        return;
      }
      if (loginPage === 'consent') {
        sendConsentPage(response, clientId, login, loginAccount);
        return;
      }
      sendBack(response, login, decision, 302);
      return;
    }

    if (
      url.pathname === '/signin/authorize' &&
      request.method === 'POST' &&
      loginPage === 'consent'
    ) {
      const form = new URLSearchParams(body);
      const login = loginRequest(form);
      const choice = form.get('decision');
      if (login === null || (choice !== 'approve' && choice !== 'cancel')) {
        refuseLogin(response);
        return;
      }
      sendBack(response, login, choice, 303);
      return;
    }

    if (outcome === 'hang') return;
    if (outcome === 'server-error') {
      sendJson(response, 500, {
        name: 'INTERNAL_SERVICE_ERROR',
        message: 'An internal service error occurred.',
      });
      return;
    }

    if (url.pathname === '/v1/oauth2/token' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        sendJson(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
        return;
      }
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'authorization_code') {
        sendJson(response, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Grant Type is NULL',
        });
        return;
      }
      const account = codes.get(form.get('code') ?? '');
      if (account === undefined) {
        sendJson(response, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid authorization code',
        });
        return;
      }
      codes.delete(form.get('code') ?? '');
      const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
      accessTokens.set(accessToken, account);
      sendJson(response, 200, {
        token_type: 'Bearer',
        expires_in: 28800,
        refresh_token: `R23A${randomBytes(16).toString('base64url')}`,
        id_token: 'eyJ.fake.token',
        access_token: accessToken,
        scope: 'openid email https://uri.paypal.com/services/paypalattributes',
        nonce: randomBytes(8).toString('hex'),
      });
      return;
    }

    if (url.pathname === '/v1/identity/oauth2/userinfo' && request.method === 'GET') {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const account = accessTokens.get(token);
      if (account === undefined || url.searchParams.get('schema') !== 'paypalv1.1') {
        sendJson(response, 401, {
          error: 'invalid_token',
          error_description: 'The token passed in was not found in the system',
        });
        return;
      }
      sendJson(response, 200, {
        user_id: `https://www.paypal.com/webapps/auth/identity/user/${account.payerId}`,
        name: account.name,
        payer_id: account.payerId,
        verified_account: 'true',
        emails: account.emails,
      });
      return;
    }

    sendJson(response, 404, { name: 'RESOURCE_NOT_FOUND', message: `no fake at ${url.pathname}` });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    issueCode,
    setLogin(nextDecision, account = FAKE_PAYPAL_ACCOUNT) {
      decision = nextDecision;
      loginAccount = account;
    },
    setOutcome(next) {
      outcome = next;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

interface LoginRequest {
  redirectUri: string;
  state: string;
}

function refuseLogin(response: ServerResponse): void {
  sendJson(response, 400, {
    error: 'invalid_request',
    error_description: 'unknown client or redirect_uri',
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0).toString()};`);
}

/**
 * A small login page that asks the account holder's consent, as PayPal's does: it names the account and
 * offers "Log in" and "Cancel", which post the login request back with the choice.
 */
function sendConsentPage(
  response: ServerResponse,
  clientId: string,
  login: LoginRequest,
  account: FakePayPalAccount,
): void {
  const primary = account.emails.find((email) => email.primary) ?? account.emails[0];
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Log in with PayPal</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<main>
<h1>Log in with PayPal</h1>
<p>Share the e-mail address of ${escapeHtml(account.name)}'s PayPal account
(${escapeHtml(primary?.value ?? '')}) with the site that asks for it?</p>
<form method="post" action="/signin/authorize">
${hidden('client_id', clientId)}
${hidden('redirect_uri', login.redirectUri)}
${hidden('state', login.state)}
<button type="submit" name="decision" value="approve">Log in</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>
</main>
</body>
</html>`;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
