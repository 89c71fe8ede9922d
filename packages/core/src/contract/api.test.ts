import { describe, expect, it } from 'vitest';
import { deadlinesResponseSchema as deadlinesModuleSchema } from '../deadlines/deadlines';
import {
  API_PATHS,
  authorizePath,
  authorizeRequestSchema,
  authorizeResponseSchema,
  CAPTCHA_SCRIPT_URL_RULE,
  captchaConfigResponseSchema,
  deadlinesResponseSchema,
  encodeAllowedCharacters,
  isCaptchaScriptUrl,
  errorBodySchema,
  parseAllowedCharacters,
  payPalSettingsResponseSchema,
  isSameSitePath,
  setLanguageQuerySchema,
  signatureDateResponseSchema,
  submitBadRequestBodySchema,
  submitPath,
  submitResponseSchema,
  withQuery,
} from './api';

describe('API paths', () => {
  it('lists the fixed calls of docs/behaviour.md#api', () => {
    expect(API_PATHS.payPalSettings).toBe('/api/banking/paypal-settings');
    expect(API_PATHS.charactersWhitelist).toBe('/api/characters-whitelist');
    expect(API_PATHS.setLanguage).toBe('/api/culture/set-language');
  });

  it('builds the authorize path of each form type', () => {
    expect(authorizePath('Standard')).toBe('/api/forms/standard/authorize');
    expect(authorizePath('Lookup')).toBe('/api/forms/lookup/authorize');
    expect(authorizePath('DocumentsUpload')).toBe('/api/forms/documents-upload/authorize');
  });

  it('builds the submission path of a submittable form type', () => {
    expect(submitPath('Automotive')).toBe('/api/forms/automotive');
  });

  it('adds a query to a path', () => {
    expect(withQuery(API_PATHS.signatureDate, { culture: 'es' })).toBe(
      '/api/signature-date?culture=es',
    );
  });
});

describe('parseAllowedCharacters', () => {
  it('reads a JSON array of single characters', () => {
    expect(parseAllowedCharacters('["a","b","é"]')).toEqual(new Set(['a', 'b', 'é']));
  });

  it('reads a JSON string, one character per code point', () => {
    expect(parseAllowedCharacters('"ab😀"')).toEqual(new Set(['a', 'b', '😀']));
  });

  it('round-trips what encodeAllowedCharacters writes', () => {
    const characters = 'abc \n"\\ñ😀';
    expect(parseAllowedCharacters(encodeAllowedCharacters(characters))).toEqual(
      new Set(characters),
    );
  });

  it('writes each character once', () => {
    expect(encodeAllowedCharacters('aab')).toBe('["a","b"]');
  });

  it('fails clearly on text that is not JSON', () => {
    expect(() => parseAllowedCharacters('abc')).toThrow(/^allowedCharacters is not valid JSON \(/);
  });

  it('refuses an array entry that is not one character', () => {
    expect(() => parseAllowedCharacters('["a","bc"]')).toThrow(
      'allowedCharacters[1] is "bc"; expected a single character',
    );
  });

  it('refuses JSON of another type', () => {
    expect(() => parseAllowedCharacters('null')).toThrow(
      'allowedCharacters holds JSON of type null; expected a string or an array of single characters',
    );
  });
});

describe('captcha config', () => {
  it('needs a site key for a hosted provider', () => {
    expect(
      captchaConfigResponseSchema.safeParse({ provider: 'GoogleReCaptcha', siteKey: '' }).success,
    ).toBe(false);
  });

  it('needs no site key for Altcha', () => {
    const config = { provider: 'Altcha', siteKey: '', challengeUrl: '/api/captcha/challenge' };
    expect(captchaConfigResponseSchema.parse(config)).toEqual(config);
  });

  it('refuses an unknown provider', () => {
    expect(
      captchaConfigResponseSchema.safeParse({ provider: 'Turnstile', siteKey: 'k' }).success,
    ).toBe(false);
  });

  it("carries the address of a hosted provider's script", () => {
    const config = {
      provider: 'HCaptcha',
      siteKey: 'k',
      scriptUrl: 'https://captcha.example.org/1/api.js',
    };
    expect(captchaConfigResponseSchema.parse(config)).toEqual(config);
  });

  it('refuses a script address that is not https or loopback http, saying what is allowed', () => {
    const result = captchaConfigResponseSchema.safeParse({
      provider: 'HCaptcha',
      siteKey: 'k',
      scriptUrl: 'http://captcha.example.org/api.js',
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['scriptUrl'], `scriptUrl must be ${CAPTCHA_SCRIPT_URL_RULE}`],
    ]);
  });
});

describe('isCaptchaScriptUrl', () => {
  it.each([
    'https://js.hcaptcha.com/1/api.js',
    'https://captcha.example.org:8443/api.js?x=1',
    'http://127.0.0.1:4011/hcaptcha.js',
    'http://127.10.0.3/api.js',
    'http://localhost:5173/api.js',
    'http://[::1]:4011/api.js',
  ])('accepts %s', (url) => {
    expect(isCaptchaScriptUrl(url)).toBe(true);
  });

  it.each([
    'http://captcha.example.org/api.js',
    'http://127.0.0.1.example.org/api.js',
    'http://localhost.example.org/api.js',
    'https://user:secret@captcha.example.org/api.js',
    '/api/captcha/script.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    'ftp://captcha.example.org/api.js',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isCaptchaScriptUrl(url)).toBe(false);
  });
});

describe('PayPal settings', () => {
  const disabled = {
    clientId: null,
    enabled: false,
    loginUrl: null,
    invalidPayPalVerification: false,
    authCodeExpiration: null,
  };

  it('accepts disabled settings without a client id or login URL', () => {
    expect(payPalSettingsResponseSchema.parse(disabled)).toEqual(disabled);
  });

  it('accepts enabled settings with a login URL valid until an instant', () => {
    const enabled = {
      clientId: 'client-id',
      enabled: true,
      loginUrl: 'https://www.sandbox.paypal.com/connect?state=abc',
      invalidPayPalVerification: false,
      authCodeExpiration: '2027-03-05T18:30:00.000Z',
    };
    expect(payPalSettingsResponseSchema.parse(enabled)).toEqual(enabled);
  });

  it('refuses enabled settings without a login URL', () => {
    const settings = { ...disabled, enabled: true, clientId: 'client-id' };
    expect(payPalSettingsResponseSchema.safeParse(settings).success).toBe(false);
  });

  it('refuses an expiry that is not an ISO instant', () => {
    expect(
      payPalSettingsResponseSchema.safeParse({ ...disabled, authCodeExpiration: 600 }).success,
    ).toBe(false);
  });
});

describe('set-language query', () => {
  it('accepts a path on this site to return to', () => {
    expect(setLanguageQuerySchema.parse({ culture: 'es', returnUrl: '/standard?x=1' })).toEqual({
      culture: 'es',
      returnUrl: '/standard?x=1',
    });
  });

  it('accepts a path with percent-encoded letters of another script', () => {
    expect(isSameSitePath('/es/preguntas-frecuentes/%C3%B1')).toBe(true);
  });

  it('refuses a return URL that leaves the site', () => {
    for (const returnUrl of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      expect(setLanguageQuerySchema.safeParse({ culture: 'es', returnUrl }).success).toBe(false);
    }
  });

  it('refuses a tab or line break, which browsers drop to leave //evil.example', () => {
    for (const returnUrl of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example']) {
      expect(isSameSitePath(returnUrl), JSON.stringify(returnUrl)).toBe(false);
    }
  });

  it('refuses a percent-encoded tab, line break or space', () => {
    for (const returnUrl of ['/%09/evil.example', '/%0a/evil.example', '/%0D/evil.example']) {
      expect(isSameSitePath(returnUrl), returnUrl).toBe(false);
    }
    expect(isSameSitePath('/%20/evil.example')).toBe(false);
  });

  it('refuses slashes and backslashes that decode to another host, however deeply encoded', () => {
    for (const returnUrl of ['/%2Fevil.example', '/%5Cevil.example', '/%252F%252Fevil.example']) {
      expect(isSameSitePath(returnUrl), returnUrl).toBe(false);
    }
  });

  it('refuses spaces, controls and characters outside printable ASCII as they are', () => {
    for (const returnUrl of [' /faq', '/faq page', '/faq\u0000', '/faq\u2028', '/preguntas-ñ']) {
      expect(isSameSitePath(returnUrl), JSON.stringify(returnUrl)).toBe(false);
    }
  });

  it('refuses a malformed percent-escape', () => {
    expect(isSameSitePath('/faq%zz')).toBe(false);
  });

  it('reads a path percent-encoded twice over and refuses one encoded three times', () => {
    expect(isSameSitePath('/%2541')).toBe(true);
    expect(isSameSitePath('/%252541')).toBe(false);
  });

  it('names what a return URL may be when it refuses one', () => {
    const result = setLanguageQuerySchema.safeParse({ culture: 'es', returnUrl: '/%09/x' });
    expect(result.error?.issues[0]?.message).toMatch(/^expected a path on this site/);
  });
});

describe('signature date', () => {
  it('carries the date as yyyy-MM-dd and as written for the culture', () => {
    const body = { culture: 'es', date: '2027-03-05', display: '5 de marzo de 2027' };
    expect(signatureDateResponseSchema.parse(body)).toEqual(body);
  });

  it('refuses a date in another format', () => {
    expect(
      signatureDateResponseSchema.safeParse({ culture: 'en', date: '03/05/2027', display: 'x' })
        .success,
    ).toBe(false);
  });
});

describe('authorize', () => {
  it('takes the credentials keyed by field name and the captcha token', () => {
    const body = {
      credentials: { noticeId: 'NW10000001', pin: '123456' },
      reCaptchaResponse: 'token',
    };
    expect(authorizeRequestSchema.parse(body)).toEqual(body);
  });

  it('refuses credentials holding objects', () => {
    const body = { credentials: { noticeId: { $ne: null } }, reCaptchaResponse: 'token' };
    expect(authorizeRequestSchema.safeParse(body).success).toBe(false);
  });

  it('answers with the prepopulated data or null', () => {
    const answer = {
      authorized: true,
      error: null,
      captcha: null,
      prepopulatedData: { FirstName: 'Ana' },
    };
    expect(authorizeResponseSchema.parse(answer)).toEqual(answer);
    expect(
      authorizeResponseSchema.parse({ ...answer, prepopulatedData: null }).prepopulatedData,
    ).toBeNull();
  });
});

describe('submit answers', () => {
  it('carries the reference code on success', () => {
    const answer = {
      error: null,
      nonMatchingPaymentElection: false,
      referenceCodeForm: 'NWM-7K3Q-9XT4',
    };
    expect(submitResponseSchema.parse(answer)).toEqual(answer);
  });

  it('carries the error and the payment election flag on a 400', () => {
    const body = { error: 'PayPal account does not match', nonMatchingPaymentElection: true };
    expect(submitBadRequestBodySchema.parse(body)).toEqual(body);
  });

  it('names a refused document and the reason in a submit error', () => {
    const body = {
      error: 'file "photo.heic" is not a PDF, JPEG or PNG document',
      nonMatchingPaymentElection: false,
      document: { name: 'photo.heic', reason: 'notAllowedType' },
    };
    expect(submitBadRequestBodySchema.parse(body)).toEqual(body);
  });

  it('refuses a refused document with a reason it does not know', () => {
    const body = {
      error: 'refused',
      nonMatchingPaymentElection: false,
      document: { name: 'photo.heic', reason: 'ugly' },
    };
    expect(submitBadRequestBodySchema.safeParse(body).success).toBe(false);
  });

  it('refuses an error body without a message', () => {
    expect(errorBodySchema.safeParse({ error: '' }).success).toBe(false);
  });
});

describe('deadlines', () => {
  it('re-exports the deadlines response schema of the deadlines module', () => {
    expect(deadlinesResponseSchema).toBe(deadlinesModuleSchema);
  });
});
