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
 * straight back), POST /v1/oauth2/token (authorization_code grant, Basic client auth) and
 * GET /v1/identity/oauth2/userinfo?schema=paypalv1.1.
 */
export async function startFakePayPal(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakePayPal> {
  const clientId = options.clientId ?? 'fake-paypal-client-id';
  const clientSecret = options.clientSecret ?? 'fake-paypal-client-secret';
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
      const redirectUri = url.searchParams.get('redirect_uri');
      const state = url.searchParams.get('state') ?? '';
      if (url.searchParams.get('client_id') !== clientId || redirectUri === null) {
        sendJson(response, 400, {
          error: 'invalid_request',
          error_description: 'unknown client or no redirect_uri',
        });
        return;
      }
      const target = new URL(redirectUri);
      if (decision === 'approve') target.searchParams.set('code', issueCode(loginAccount));
      else target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', state);
      response.writeHead(302, { location: target.toString() }).end();
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

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
