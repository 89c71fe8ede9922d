import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePayPal } from '../../test-fakes/fake-paypal';
import type { FakePayPal } from '../../test-fakes/fake-paypal';
import { createPayPalClient, defaultAuthorizeUrl, PayPalVerificationError } from './paypal-client';
import type { PayPalClientOptions } from './paypal-client';

const RETURN_URL = 'https://claims.example.org/api/banking/paypal/callback';
let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal();
});
afterAll(async () => {
  await paypal.close();
});
beforeEach(() => {
  paypal.setOutcome('normal');
});

function client(overrides: Partial<PayPalClientOptions> = {}) {
  return createPayPalClient({
    baseUrl: paypal.url,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    returnUrl: RETURN_URL,
    ...overrides,
  });
}

describe('loginUrl', () => {
  it('asks PayPal for a code with the identity scopes, return address and state', () => {
    const url = new URL(client().loginUrl('state-123'));
    expect(url.origin + url.pathname).toBe(`${paypal.url}/signin/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      flowEntry: 'static',
      client_id: paypal.clientId,
      response_type: 'code',
      scope: 'openid email https://uri.paypal.com/services/paypalattributes',
      redirect_uri: RETURN_URL,
      state: 'state-123',
    });
  });

  it('uses the live login page for the live API', () => {
    expect(defaultAuthorizeUrl('https://api-m.paypal.com/')).toBe(
      'https://www.paypal.com/signin/authorize',
    );
  });

  it('uses the sandbox login page for the sandbox API', () => {
    expect(defaultAuthorizeUrl('https://api-m.sandbox.paypal.com')).toBe(
      'https://www.sandbox.paypal.com/signin/authorize',
    );
  });
});

describe('verifyAuthorizationCode', () => {
  it('answers the confirmed e-mail addresses and payer id of the account', async () => {
    const verified = await client().verifyAuthorizationCode(paypal.issueCode());
    expect(verified).toEqual({
      email: 'pat.claimant@example.com',
      emails: ['pat.claimant@example.com', 'pat.work@example.com'],
      payerId: 'WDJJHEBZ4X2LY',
    });
  });

  it('authenticates the code exchange with the client id and secret', async () => {
    await client().verifyAuthorizationCode(paypal.issueCode());
    const exchange = paypal.requests
      .filter((request) => request.path === '/v1/oauth2/token')
      .at(-1);
    expect(exchange?.authorization).toBe(
      `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
    );
    expect(new URLSearchParams(exchange?.body).get('grant_type')).toBe('authorization_code');
  });

  it('refuses a code PayPal does not know', async () => {
    await expect(client().verifyAuthorizationCode('made-up')).rejects.toThrow(
      'PayPal refused the authorization code (HTTP 400: invalid_grant, Invalid authorization code)',
    );
  });

  it('refuses a code used twice', async () => {
    const code = paypal.issueCode();
    await client().verifyAuthorizationCode(code);
    await expect(client().verifyAuthorizationCode(code)).rejects.toThrow('invalid_grant');
  });

  it('reports a wrong client secret', async () => {
    await expect(
      client({ clientSecret: 'wrong' }).verifyAuthorizationCode(paypal.issueCode()),
    ).rejects.toThrow('invalid_client');
  });

  it('refuses an account with no confirmed e-mail address', async () => {
    const code = paypal.issueCode({
      payerId: 'NOCONFIRMED1',
      name: 'New User',
      emails: [{ value: 'new@example.com', primary: true, confirmed: false }],
    });
    await expect(client().verifyAuthorizationCode(code)).rejects.toThrow(
      'the PayPal account has no confirmed e-mail address',
    );
  });

  it('reports a PayPal server error', async () => {
    paypal.setOutcome('server-error');
    await expect(client().verifyAuthorizationCode(paypal.issueCode())).rejects.toThrow(
      'PayPal refused the authorization code (HTTP 500)',
    );
  });

  it('reports PayPal as unreachable', async () => {
    const gone = await startFakePayPal();
    await gone.close();
    const attempt = client({ baseUrl: gone.url }).verifyAuthorizationCode('code');
    await expect(attempt).rejects.toBeInstanceOf(PayPalVerificationError);
    await expect(attempt).rejects.toThrow('PayPal is unreachable (authorization code)');
  });

  it('gives up when PayPal does not answer in time', async () => {
    paypal.setOutcome('hang');
    await expect(
      client({ timeoutMs: 150 }).verifyAuthorizationCode(paypal.issueCode()),
    ).rejects.toThrow('PayPal did not answer the authorization code within 150 ms');
  });
});

describe('createPayPalClient', () => {
  it('rejects a base URL that is not absolute', () => {
    expect(() => client({ baseUrl: 'api-m.paypal.com' })).toThrow(
      'PayPal baseUrl "api-m.paypal.com" is not an absolute URL',
    );
  });

  it('rejects a missing client secret', () => {
    expect(() => client({ clientSecret: '' })).toThrow(
      'PayPal needs both a client id and a client secret',
    );
  });
});
