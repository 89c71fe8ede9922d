import {
  CAPTCHA_PROVIDERS,
  type CaptchaConfigResponse,
  type CaptchaProvider,
} from '@claims/core/contract/api';
import type { CaptchaWidget } from './captcha-widget';
import { createAltchaWidget } from './altcha';
import { createGoogleReCaptchaWidget } from './google-recaptcha';
import { createHCaptchaWidget } from './hcaptcha';

/**
 * The captcha config of GET /api/captcha, whose scriptUrl says where a hosted provider's
 * script comes from when it is not the provider's own address.
 */
export type CaptchaSettings = CaptchaConfigResponse;

export type CaptchaWidgetFactory = (settings: CaptchaSettings) => CaptchaWidget;

const WIDGETS: Readonly<Record<CaptchaProvider, CaptchaWidgetFactory>> = {
  HCaptcha: (settings) =>
    createHCaptchaWidget({ siteKey: settings.siteKey, scriptUrl: settings.scriptUrl }),
  GoogleReCaptcha: (settings) =>
    createGoogleReCaptchaWidget({ siteKey: settings.siteKey, scriptUrl: settings.scriptUrl }),
  Altcha: (settings) => createAltchaWidget({ challengeUrl: settings.challengeUrl }),
};

export const createCaptchaWidget: CaptchaWidgetFactory = (settings) => {
  const factory = WIDGETS[settings.provider] as CaptchaWidgetFactory | undefined;
  if (!factory) {
    throw new Error(
      `unexpected captcha provider "${String(settings.provider)}"; expected one of ${CAPTCHA_PROVIDERS.join(', ')}`,
    );
  }
  return factory(settings);
};
