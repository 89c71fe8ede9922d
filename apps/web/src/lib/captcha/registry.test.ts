import { afterEach, describe, expect, it } from 'vitest';
import { GOOGLE_RECAPTCHA_SCRIPT_URL } from './google-recaptcha';
import { HCAPTCHA_SCRIPT_URL } from './hcaptcha';
import { createCaptchaWidget } from './registry';

/** The address (without its query) of the provider script the page asked for last. */
function requestedScript(): string {
  const scripts = document.head.querySelectorAll('script');
  const src = scripts[scripts.length - 1]?.src;
  if (!src) throw new Error('no script appended');
  const url = new URL(src);
  return url.origin + url.pathname;
}

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('createCaptchaWidget', () => {
  it.each([
    ['HCaptcha', 'http://127.0.0.1:4031/hcaptcha/api.js'],
    ['GoogleReCaptcha', 'http://127.0.0.1:4031/recaptcha/api.js'],
  ] as const)('loads the %s script from the scriptUrl of the config', (provider, scriptUrl) => {
    const widget = createCaptchaWidget({ provider, siteKey: 'key', scriptUrl });
    void widget.render(document.createElement('div'));
    expect(requestedScript()).toBe(scriptUrl);
  });

  it.each([
    ['HCaptcha', HCAPTCHA_SCRIPT_URL],
    ['GoogleReCaptcha', GOOGLE_RECAPTCHA_SCRIPT_URL],
  ] as const)('loads the %s script from the provider without a scriptUrl', (provider, url) => {
    const widget = createCaptchaWidget({ provider, siteKey: 'key' });
    void widget.render(document.createElement('div'));
    expect(requestedScript()).toBe(url);
  });

  it('refuses an unknown provider, listing the known ones', () => {
    expect(() =>
      createCaptchaWidget({ provider: 'Turnstile' as 'HCaptcha', siteKey: 'key' }),
    ).toThrow(
      'unexpected captcha provider "Turnstile"; expected one of HCaptcha, GoogleReCaptcha, Altcha',
    );
  });
});
