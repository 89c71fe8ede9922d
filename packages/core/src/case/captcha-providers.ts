/** The captcha providers a case may pick. */
export const CAPTCHA_PROVIDERS = ['HCaptcha', 'GoogleReCaptcha', 'Altcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];
/** docs/behaviour.md#captcha: HCaptcha unless the case names another provider. */
export const DEFAULT_CAPTCHA_PROVIDER: CaptchaProvider = 'HCaptcha';
