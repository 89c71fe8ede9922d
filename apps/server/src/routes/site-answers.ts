import { toCultureContent, toCulturesResponse } from '@claims/core/case/cultures';
import type { CaptchaConfigResponse, CultureContentResponse } from '@claims/core/contract/api';
import type { StartUpAnswers } from '@claims/core/contract/page-snapshot';
import { toSiteSettings, type SiteSettings } from '@claims/core/contract/site';
import type { CaptchaVerifier } from '../captcha/captcha-verifier';
import type { ClaimsCase } from '../case/claims-case';
import { ALTCHA_CHALLENGE_PATH } from './altcha-routes';

/**
 * The answers of the calls that only read the case (site-routes.ts), built in one place for
 * the API and for the page snapshots (docs/behaviour.md#page-snapshots), which must show what
 * the browser's start-up reads.
 */

export interface SiteAnswerOptions {
  sessionIdleMinutes: number;
  /** Where the browser loads the hosted captcha provider's script from, when not its own. */
  captchaScriptUrl?: string | undefined;
}

/** GET /api/site. */
export function siteSettingsAnswer(
  claimsCase: ClaimsCase,
  options: SiteAnswerOptions,
): SiteSettings {
  return toSiteSettings(claimsCase.definition, { sessionMinutes: options.sessionIdleMinutes });
}

/** GET /api/captcha. */
export function captchaAnswer(
  captcha: Pick<CaptchaVerifier, 'provider' | 'siteKey'>,
  options: SiteAnswerOptions,
): CaptchaConfigResponse {
  if (captcha.provider === 'Altcha') {
    return { provider: captcha.provider, siteKey: '', challengeUrl: ALTCHA_CHALLENGE_PATH };
  }
  return {
    provider: captcha.provider,
    siteKey: captcha.siteKey,
    ...(options.captchaScriptUrl === undefined ? {} : { scriptUrl: options.captchaScriptUrl }),
  };
}

/** GET /api/culture/content for an enabled culture. */
export function cultureContentAnswer(
  claimsCase: ClaimsCase,
  culture: string,
): CultureContentResponse {
  return toCultureContent(
    { ...claimsCase.definition, content: claimsCase.browserContent },
    culture,
  );
}

/** Start-up's answers that start no session, for an enabled culture. */
export function startUpAnswers(
  claimsCase: ClaimsCase,
  captcha: Pick<CaptchaVerifier, 'provider' | 'siteKey'>,
  options: SiteAnswerOptions,
  culture: string,
): StartUpAnswers {
  return {
    cultures: toCulturesResponse(claimsCase.definition),
    content: cultureContentAnswer(claimsCase, culture),
    deadlines: claimsCase.deadlinesResponse,
    formsConfig: [...claimsCase.remoteModelConfigs],
    charactersWhitelist: { allowedCharacters: claimsCase.allowedCharacters },
    captcha: captchaAnswer(captcha, options),
    site: siteSettingsAnswer(claimsCase, options),
  };
}
