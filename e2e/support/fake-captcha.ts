import type { BrowserContext } from 'playwright-core';
import {
  startFakeCaptchaServer,
  type FakeCaptchaServer,
} from '../../apps/server/test-fakes/fake-captcha-server';
import {
  FAKE_HCAPTCHA_SITE_KEY,
  FAKE_RECAPTCHA_SITE_KEY,
  FAKE_SECRETS,
} from '../../apps/server/test-fakes/fake-siteverify';

export type HostedCaptchaProvider = 'HCaptcha' | 'GoogleReCaptcha';

/** The providers' own script addresses, which the page asks for and the test answers. */
const PROVIDER_SCRIPTS: Readonly<Record<HostedCaptchaProvider, RegExp>> = {
  HCaptcha: /^https:\/\/js\.hcaptcha\.com\/1\/api\.js/,
  GoogleReCaptcha: /^https:\/\/www\.google\.com\/recaptcha\/api\.js/,
};

export { startFakeCaptchaServer, type FakeCaptchaServer };

/** The server environment that points a hosted provider's siteverify at the fake. */
export function fakeCaptchaEnvironment(
  fake: FakeCaptchaServer,
  provider: HostedCaptchaProvider,
): Record<string, string> {
  return provider === 'HCaptcha'
    ? {
        HCAPTCHA_SECRET: FAKE_SECRETS.hcaptcha,
        HCAPTCHA_SITE_KEY: FAKE_HCAPTCHA_SITE_KEY,
        HCAPTCHA_SITEVERIFY_URL: fake.hCaptchaSiteverifyUrl,
      }
    : {
        RECAPTCHA_SECRET: FAKE_SECRETS.recaptcha,
        RECAPTCHA_SITE_KEY: FAKE_RECAPTCHA_SITE_KEY,
        RECAPTCHA_SITEVERIFY_URL: fake.reCaptchaSiteverifyUrl,
      };
}

/**
 * Answers the page's request for the provider's api.js with the fake widget script, so the
 * real address is asked for (and allowed by the CSP) but nothing leaves the machine.
 */
export async function serveFakeWidgetScript(
  context: BrowserContext,
  fake: FakeCaptchaServer,
  provider: HostedCaptchaProvider,
): Promise<void> {
  const fakeScript = provider === 'HCaptcha' ? fake.hCaptchaScriptUrl : fake.reCaptchaScriptUrl;
  await context.route(PROVIDER_SCRIPTS[provider], async (route) => {
    const query = new URL(route.request().url()).search;
    const response = await route.fetch({ url: `${fakeScript}${query}` });
    await route.fulfill({ response });
  });
}
