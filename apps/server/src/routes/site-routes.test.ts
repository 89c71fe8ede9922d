import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaConfigResponseSchema,
  characterWhitelistResponseSchema,
  cultureContentResponseSchema,
  culturesResponseSchema,
  formsConfigResponseSchema,
  parseAllowedCharacters,
  payPalSettingsResponseSchema,
  signatureDateResponseSchema,
} from '@claims/core/contract/api';
import { siteSettingsSchema } from '@claims/core/contract/site';
import { deadlinesByLanguageSchema } from '@claims/core/deadlines/deadlines';
import { demoText, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { dayInZone } from './site-routes';

let testApp: TestApp;
const clock = new Date('2027-03-05T20:00:00Z');

beforeAll(async () => {
  testApp = await startTestApp({ now: () => clock });
});
afterAll(async () => testApp.close());

const client = () => new TestClient(testApp.app);

describe('GET /api/deadlines', () => {
  it('answers shape B with every culture and the project time zone on English', async () => {
    const response = await client().get('/api/deadlines');
    expect(response.statusCode).toBe(200);
    const body = deadlinesByLanguageSchema.parse(response.json());
    expect(Object.keys(body)).toEqual(['en', 'es']);
    expect(body.en?.projectTimeZone).toBe('America/Los_Angeles');
    expect(body.en?.deadlines.claimFilingDeadline?.deadlineDateTime).toBe(
      '2036-06-30T23:59:59.999-07:00',
    );
  });
});

describe('GET /api/characters-whitelist', () => {
  it('answers the case whitelist as JSON text', async () => {
    const response = await client().get('/api/characters-whitelist');
    const body = characterWhitelistResponseSchema.parse(response.json());
    const allowed = parseAllowedCharacters(body.allowedCharacters);
    expect(allowed.has('ñ')).toBe(true);
    expect(allowed.has('<')).toBe(false);
  });
});

describe('GET /api/captcha', () => {
  it('names the self-hosted provider and where its challenge comes from', async () => {
    const body = captchaConfigResponseSchema.parse((await client().get('/api/captcha')).json());
    expect(body).toEqual({
      provider: 'Altcha',
      siteKey: '',
      challengeUrl: '/api/captcha/challenge',
    });
  });
});

describe('GET /api/banking/paypal-settings', () => {
  it('says the PayPal election is off in the demo case', async () => {
    const body = payPalSettingsResponseSchema.parse(
      (await client().get('/api/banking/paypal-settings')).json(),
    );
    expect(body).toEqual({
      clientId: null,
      enabled: false,
      loginUrl: null,
      invalidPayPalVerification: false,
      authCodeExpiration: null,
    });
  });
});

describe('GET /api/forms/config', () => {
  it('lists every model of every form with its fields', async () => {
    const body = formsConfigResponseSchema.parse((await client().get('/api/forms/config')).json());
    const standard = body.filter((config) => config.metadata.formType === 'Standard');
    expect(standard.map((config) => config.metadata.dtoMapping)).toEqual([
      'Credentials',
      'ClaimantInfo',
      'ClaimDetails',
      'ClaimTransactions',
      'DocumentContexts',
      'Signature',
    ]);
    expect(Object.keys(standard[0]?.fields ?? {})).toEqual(['noticeId', 'pin']);
  });
});

describe('GET /api/signature-date', () => {
  it('answers today in the project time zone, written for the culture', async () => {
    const en = signatureDateResponseSchema.parse(
      (await client().get('/api/signature-date?culture=en')).json(),
    );
    const es = signatureDateResponseSchema.parse(
      (await client().get('/api/signature-date?culture=es')).json(),
    );
    expect(en).toEqual({ culture: 'en', date: '2027-03-05', display: 'March 5, 2027' });
    expect(es).toEqual({ culture: 'es', date: '2027-03-05', display: '5 de marzo de 2027' });
  });

  it('refuses a culture that is not enabled with 400', async () => {
    const response = await client().get('/api/signature-date?culture=fr');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'culture "fr" is not enabled; expected one of en, es',
    });
  });

  it('refuses a missing culture with 400 naming the parameter', async () => {
    const response = await client().get('/api/signature-date');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^query\.culture: /);
  });
});

describe('dayInZone', () => {
  it('gives the calendar day of the zone, not of UTC', () => {
    expect(dayInZone(new Date('2027-03-06T05:00:00Z'), 'America/Los_Angeles')).toBe('2027-03-05');
  });
});

describe('GET /api/culture/content', () => {
  it('answers the copy of a culture as key/value items', async () => {
    const body = cultureContentResponseSchema.parse(
      (await client().get('/api/culture/content?culture=es')).json(),
    );
    const title = body.find((item) => item.key === 'LocKey_Deadline_Title');
    expect(title?.value).toBeTruthy();
    expect(body.length).toBeGreaterThan(100);
  });

  it('refuses a culture that is not enabled with 400', async () => {
    const response = await client().get('/api/culture/content?culture=de');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('culture "de" is not enabled; expected one of en, es');
  });
});

describe('GET /api/cultures', () => {
  it('lists the enabled cultures, default first', async () => {
    const body = culturesResponseSchema.parse((await client().get('/api/cultures')).json());
    expect(body).toEqual({
      cultures: [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ],
      defaultCulture: 'en',
    });
  });
});

describe('GET /api/culture/set-language', () => {
  it('sets the session culture, which the server then answers in', async () => {
    const browser = client();
    await browser.csrf();
    const response = await browser.get('/api/culture/set-language?culture=es');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ culture: 'es' });
    const refused = await browser.authorize('Standard', { noticeId: 'NW00000000', pin: '000000' });
    expect(refused.json().error).toBe(await demoText('es', 'LocKey_Authorize_InvalidCredentials'));
  });

  it('refuses a culture that is not enabled with 400', async () => {
    const response = await client().get('/api/culture/set-language?culture=fr');
    expect(response.statusCode).toBe(400);
  });

  it('redirects to a path on the site when given one', async () => {
    const response = await client().get('/api/culture/set-language?culture=es&returnUrl=/faq');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/faq');
  });

  it('refuses to redirect to another site', async () => {
    const response = await client().get(
      '/api/culture/set-language?culture=es&returnUrl=//evil.example',
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses a return path holding a tab, which browsers drop to leave //evil.example', async () => {
    const response = await client().get(
      '/api/culture/set-language?culture=es&returnUrl=/%09/evil.example',
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.json().error).toMatch(/^query\.returnUrl: expected a path on this site/);
  });

  it('refuses a return path whose percent-encoded tab decodes to //evil.example', async () => {
    const response = await client().get(
      '/api/culture/set-language?culture=es&returnUrl=%2F%2509%2Fevil.example',
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('GET /api/site', () => {
  it('answers the case settings the web app starts with', async () => {
    const response = await client().get('/api/site');
    expect(response.statusCode).toBe(200);
    const body = siteSettingsSchema.parse(response.json());
    expect(body).toMatchObject({
      theme: 'jnd-7-0-default',
      caseName: 'In re Northwind Motors Transmission Defect Litigation',
      logo: { url: '/case-files/logo.svg' },
      headerVariant: 'standard',
      sessionMinutes: 30,
    });
    expect(body.importantDocuments[0]?.url).toBe('/case-files/documents/long-form-notice.pdf');
  });

  it('leaves the footer to the theme when the case picks none', async () => {
    expect((await client().get('/api/site')).json()).not.toHaveProperty('footerVariant');
  });

  describe('for a case with the reduced header, its own footer and short sessions', () => {
    let reducedApp: TestApp;

    beforeAll(async () => {
      reducedApp = await startTestApp({
        sessionIdleMinutes: 0.5,
        editCase: (definition) => {
          const details = definition.details as Record<string, unknown>;
          details.headerVariant = 'reduced';
          details.footerVariant = 'compact';
        },
      });
    });
    afterAll(async () => reducedApp.close());

    it('answers the variants and the session length of the server', async () => {
      const body = siteSettingsSchema.parse(
        (await new TestClient(reducedApp.app).get('/api/site')).json(),
      );
      expect(body).toMatchObject({
        headerVariant: 'reduced',
        footerVariant: 'compact',
        sessionMinutes: 0.5,
      });
    });
  });
});

describe('case files', () => {
  it('serves a document the case lists, with its type', async () => {
    const response = await client().get('/case-files/documents/long-form-notice.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses a file of the case folder the case does not list', async () => {
    const response = await client().get('/case-files/class-list.csv');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('no case file at /case-files/class-list.csv');
  });

  it('refuses a path that leaves the case folder', async () => {
    const response = await client().get('/case-files/..%2F..%2Fetc%2Fpasswd');
    expect(response.statusCode).toBe(404);
  });
});
