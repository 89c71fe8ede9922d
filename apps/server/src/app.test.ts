import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPalSettingsResponseSchema } from '@claims/core/contract/api';
import { SAMPLE_PDF } from '../test-fakes/sample-documents';
import {
  FAKE_HCAPTCHA_SITE_KEY,
  FAKE_RECAPTCHA_SITE_KEY,
  FAKE_SECRETS,
} from '../test-fakes/fake-siteverify';
import { startFakeCaptchaServer, type FakeCaptchaServer } from '../test-fakes/fake-captcha-server';
import { FAKE_PAYPAL_ACCOUNT, startFakePayPal, type FakePayPal } from '../test-fakes/fake-paypal';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
} from './test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from './test/test-app';

const NOW = new Date('2027-03-05T20:00:00Z');
let members: Record<string, string>[];

beforeAll(async () => {
  members = await demoRows('class-list.csv');
});

async function submitStandard(client: TestClient, member: Record<string, string>, details = {}) {
  const { textParts, contextClientIds } = claimTextParts(await client.modelConfigs(), 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: { ...validStandardClaimDetails(member.Vin!), ...details },
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    documents: [{ name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
  });
  return client.submit('Standard', textParts, [
    { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
  ]);
}

describe('several server instances over one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp({ now: () => NOW });
    second = await startTestApp({ now: () => NOW, shareStoreWith: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('share sessions: a claimant authorized on one can file on the other', async () => {
    const onFirst = new TestClient(first.app);
    await onFirst.csrf();
    const member = members[0]!;
    await onFirst.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    const onSecond = onFirst.withApp(second.app);
    const response = await submitStandard(onSecond, member);
    expect(response.statusCode).toBe(200);
    const another = await submitStandard(onFirst, member);
    expect(another.statusCode).toBe(200);
    expect(another.json().referenceCodeForm).not.toBe(response.json().referenceCodeForm);
  });

  it('share spent captcha tokens: a token used on one is refused by the other', async () => {
    const onFirst = new TestClient(first.app);
    await onFirst.csrf();
    const member = members[1]!;
    const token = await onFirst.captchaToken();
    await onFirst.authorize('Standard', { noticeId: member.NoticeId!, pin: member.Pin! }, token);
    const onSecond = onFirst.withApp(second.app);
    const response = await onSecond.authorize(
      'Standard',
      { noticeId: member.NoticeId!, pin: member.Pin! },
      token,
    );
    expect(response.statusCode).toBe(400);
  });
});

describe('served over HTTPS', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ env: { PUBLIC_ORIGIN: 'https://claims.example.org' } });
  });
  afterAll(async () => testApp.close());

  it('sets Secure session and device cookies with the __Host- prefix', async () => {
    const response = await new TestClient(testApp.app).get('/api/csrf');
    const hostCookie = (name: string) =>
      expect.objectContaining({ name, secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.cookies).toEqual(
      expect.arrayContaining([
        hostCookie('__Host-claims_session'),
        hostCookie('__Host-claims_device'),
      ]),
    );
    expect(response.cookies).toHaveLength(2);
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('with hCaptcha verified at a siteverify URL', () => {
  let fake: FakeCaptchaServer;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeCaptchaServer();
    testApp = await startTestApp({
      now: () => NOW,
      editCase: (definition) => {
        definition.captcha = { provider: 'HCaptcha', siteKey: FAKE_HCAPTCHA_SITE_KEY };
      },
      env: {
        HCAPTCHA_SECRET: FAKE_SECRETS.hcaptcha,
        HCAPTCHA_SITEVERIFY_URL: fake.hCaptchaSiteverifyUrl,
        CSP_EXTRA_ORIGINS: fake.url,
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('names the provider and its site key, and lets its scripts through the CSP', async () => {
    const response = await new TestClient(testApp.app).get('/api/captcha');
    expect(response.json()).toEqual({ provider: 'HCaptcha', siteKey: FAKE_HCAPTCHA_SITE_KEY });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(
      `script-src 'self' https://hcaptcha.com https://*.hcaptcha.com ${fake.url}`,
    );
  });

  it('authorizes with a token siteverify accepts, sending the secret and the client address', async () => {
    const client = new TestClient(testApp.app, '203.0.113.7');
    await client.csrf();
    const member = members[2]!;
    const response = await client.authorize(
      'Standard',
      { noticeId: member.NoticeId!, pin: member.Pin! },
      'pass-one',
    );
    expect(response.statusCode).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({
      provider: 'hcaptcha',
      secret: FAKE_SECRETS.hcaptcha,
      response: 'pass-one',
      remoteip: '203.0.113.7',
      sitekey: FAKE_HCAPTCHA_SITE_KEY,
    });
  });

  it('refuses a token siteverify refuses, and the same token a second time', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const member = members[3]!;
    const credentials = { noticeId: member.NoticeId!, pin: member.Pin! };
    expect((await client.authorize('Standard', credentials, 'fail-one')).statusCode).toBe(400);
    expect((await client.authorize('Standard', credentials, 'pass-two')).statusCode).toBe(200);
    expect((await client.authorize('Standard', credentials, 'pass-two')).statusCode).toBe(400);
  });

  it('refuses when siteverify cannot be reached', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const member = members[4]!;
    fake.setOutcome('server-error');
    try {
      const response = await client.authorize(
        'Standard',
        { noticeId: member.NoticeId!, pin: member.Pin! },
        'pass-three',
      );
      expect(response.statusCode).toBe(400);
    } finally {
      fake.setOutcome('scripted');
    }
  });
});

describe('with hCaptcha\u2019s script served from another address', () => {
  let fake: FakeCaptchaServer;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeCaptchaServer();
    testApp = await startTestApp({
      now: () => NOW,
      editCase: (definition) => {
        definition.captcha = { provider: 'HCaptcha', siteKey: FAKE_HCAPTCHA_SITE_KEY };
      },
      env: {
        HCAPTCHA_SECRET: FAKE_SECRETS.hcaptcha,
        HCAPTCHA_SITEVERIFY_URL: fake.hCaptchaSiteverifyUrl,
        HCAPTCHA_SCRIPT_URL: fake.hCaptchaScriptUrl,
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('tells the browser where the script is and lets that origin through the CSP', async () => {
    const response = await new TestClient(testApp.app).get('/api/captcha');
    expect(response.json()).toEqual({
      provider: 'HCaptcha',
      siteKey: FAKE_HCAPTCHA_SITE_KEY,
      scriptUrl: fake.hCaptchaScriptUrl,
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(
      `script-src 'self' https://hcaptcha.com https://*.hcaptcha.com ${fake.url};`,
    );
    expect(csp).toContain(`frame-src https://hcaptcha.com https://*.hcaptcha.com ${fake.url};`);
  });
});

describe('with reCAPTCHA verified at a siteverify URL', () => {
  let fake: FakeCaptchaServer;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeCaptchaServer();
    testApp = await startTestApp({
      now: () => NOW,
      editCase: (definition) => {
        definition.captcha = { provider: 'GoogleReCaptcha' };
      },
      env: {
        RECAPTCHA_SECRET: FAKE_SECRETS.recaptcha,
        RECAPTCHA_SITE_KEY: FAKE_RECAPTCHA_SITE_KEY,
        RECAPTCHA_SITEVERIFY_URL: fake.reCaptchaSiteverifyUrl,
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  it('takes the site key from the environment and accepts a token once', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    expect((await client.get('/api/captcha')).json()).toEqual({
      provider: 'GoogleReCaptcha',
      siteKey: FAKE_RECAPTCHA_SITE_KEY,
    });
    const member = members[8]!;
    const credentials = { noticeId: member.NoticeId!, pin: member.Pin! };
    expect((await client.authorize('Standard', credentials, 'pass-re')).statusCode).toBe(200);
    expect((await client.authorize('Standard', credentials, 'pass-re')).statusCode).toBe(400);
    expect(fake.calls.at(-1)).toMatchObject({ provider: 'recaptcha', response: 'pass-re' });
  });
});

describe('a case whose hosted captcha has no secret', () => {
  it('stops the server at start with what to set', async () => {
    await expect(
      startTestApp({
        editCase: (definition) => {
          definition.captcha = { provider: 'HCaptcha', siteKey: FAKE_HCAPTCHA_SITE_KEY };
        },
      }),
    ).rejects.toThrow(/captcha provider HCaptcha needs HCAPTCHA_SECRET/);
  });
});

describe('with the PayPal payment election', () => {
  let payPal: FakePayPal;
  let testApp: TestApp;

  beforeAll(async () => {
    payPal = await startFakePayPal();
    testApp = await startTestApp({
      now: () => NOW,
      editCase: (definition) => {
        definition.payment = { payPal: { enabled: true, clientId: payPal.clientId } };
      },
      env: {
        PAYPAL_BASE_URL: payPal.url,
        PAYPAL_CLIENT_SECRET: payPal.clientSecret,
        PUBLIC_ORIGIN: 'http://claims.test',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await payPal.close();
  });

  async function loggedInWithPayPal(client: TestClient) {
    const settings = payPalSettingsResponseSchema.parse(
      (await client.get('/api/banking/paypal-settings')).json(),
    );
    expect(settings).toMatchObject({ enabled: true, clientId: payPal.clientId });
    const login = await fetch(settings.loginUrl!, { redirect: 'manual' });
    const callback = new URL(login.headers.get('location')!);
    const answer = await client.get(callback.pathname + callback.search);
    expect(answer.statusCode).toBe(303);
  }

  it('files a PayPal election whose e-mail the PayPal login confirmed', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const member = members[5]!;
    await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    await loggedInWithPayPal(client);
    const response = await submitStandard(client, member, {
      paymentMethod: 'PayPal',
      paymentEmail: FAKE_PAYPAL_ACCOUNT.emails[1]!.value,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a PayPal election with another e-mail with 400 and nonMatchingPaymentElection', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const member = members[6]!;
    await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    await loggedInWithPayPal(client);
    const response = await submitStandard(client, member, {
      paymentMethod: 'PayPal',
      paymentEmail: 'someone.else@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringContaining('PayPal'),
      nonMatchingPaymentElection: true,
    });
  });

  it('refuses a PayPal election without a PayPal login', async () => {
    const client = new TestClient(testApp.app);
    await client.csrf();
    const member = members[7]!;
    await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    const response = await submitStandard(client, member, {
      paymentMethod: 'PayPal',
      paymentEmail: FAKE_PAYPAL_ACCOUNT.emails[0]!.value,
    });
    expect(response.json().nonMatchingPaymentElection).toBe(true);
  });
});

describe('start-up', () => {
  it('lets the case plugin take as long as importing a long class list takes', async () => {
    const testApp = await startTestApp();
    try {
      // Fastify's default of 10 s per plugin stopped the server on a 100,000-member list.
      expect(testApp.app.initialConfig.pluginTimeout).toBe(0);
    } finally {
      await testApp.close();
    }
  });
});
