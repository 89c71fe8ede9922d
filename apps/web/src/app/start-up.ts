import { API_PATHS, type CaptchaConfigResponse } from '@claims/core/contract/api';
import { DEFAULT_CULTURE } from '@claims/core/culture-code';
import { resolveCulture } from '@claims/core/guards/culture';
import { SITE_PATH } from '@claims/core/contract/site';
import { sanitizeQueryValue } from '@claims/core/guards/query';
import { matchRoute, withQuery } from '@claims/core/routes';
import type { MessageText } from '@claims/core/rules/messages';
import { startDraftSync } from '../features/forms/drafts/draft-sync';
import { askFirstStanding, forgetFirstStanding } from '../features/forms/drafts/restore-form';
import {
  clearPrefetched,
  getCaptchaConfig,
  getCharactersWhitelist,
  getCultures,
  getDeadlines,
  getFormsConfig,
  getPayPalSettings,
  getSite,
  isApiError,
  loadCsrf,
  prefetch,
} from '../lib/api-client';
import { ERROR_MESSAGES } from '../lib/error-messages';
import { logger } from '../lib/logger';
import { useApplicationStore } from '../stores/application-store';
import { useCaptchaStore } from '../stores/captcha-store';
import { translate, useLocalizationStore } from '../stores/localization-store';
import { useSettingsStore } from '../stores/settings-store';
import { preloadFormPageCode } from './form-page-modules';
import {
  storeCharacterWhitelist,
  storeDeadlines,
  storeFormsConfig,
  storeSiteSettings,
} from './start-up-answers';

/**
 * A start-up step failed; `userMessage` is the message (docs/behaviour.md#errors) the claimant
 * sees.
 */
export class StartUpError extends Error {
  readonly userMessage: MessageText;

  constructor(step: string, userMessage: MessageText, cause: unknown) {
    super(`${step} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StartUpError';
    this.userMessage = userMessage;
  }
}

/** docs/behaviour.md#access: a 403 on these calls is ignored without a word. */
function ignoringForbidden<T>(step: string, message: MessageText, call: () => Promise<T>) {
  return call().catch((error: unknown): null => {
    if (isApiError(error, 403)) return null;
    throw new StartUpError(step, message, error);
  });
}

function failingWith<T>(step: string, message: MessageText, call: () => Promise<T>) {
  return call().catch((error: unknown): never => {
    throw new StartUpError(step, message, error);
  });
}

function showError(message: MessageText): void {
  const text = translate(useLocalizationStore.getState(), message.key, message.text);
  useApplicationStore.getState().showError(text);
}

/**
 * Asks for every start-up answer at once, so the claimant waits for one round trip rather
 * than one per step; the steps still read and apply them in the order of
 * docs/behaviour.md#start-up. The content asked for is the culture the query names, or English. The
 * calls that can start a session (GET /api/culture/set-language, GET /api/banking/paypal-settings)
 * wait for the antiforgery token's, so they join its session rather than start one of their own.
 * Resolves once the antiforgery token's answer has arrived.
 */
function prefetchStartUpCalls(location: { search: string }): Promise<void> {
  const sessionStarted = prefetch(API_PATHS.csrf);
  const requested = new URLSearchParams(location.search).get('culture');
  const culture = sanitizeQueryValue(requested ?? '').toLowerCase() || DEFAULT_CULTURE;
  for (const path of [
    API_PATHS.cultures,
    withQuery(API_PATHS.cultureContent, { culture }),
    API_PATHS.deadlines,
    API_PATHS.formsConfig,
    API_PATHS.charactersWhitelist,
    API_PATHS.captcha,
    SITE_PATH,
  ])
    void prefetch(path);
  void sessionStarted.then(() => prefetch(API_PATHS.payPalSettings));
  return sessionStarted;
}

/**
 * Enabled cultures, then the content of the culture the address asks for
 * (docs/behaviour.md#localisation).
 */
async function loadTranslations(
  location: { pathname: string; search: string },
  sessionStarted: Promise<void>,
) {
  const localization = useLocalizationStore.getState();
  const cultures = await ignoringForbidden(
    'loading the cultures',
    ERROR_MESSAGES.problem,
    getCultures,
  );
  if (cultures !== null) localization.setEnabledCultures(cultures);
  await sessionStarted;
  const culture = resolveCulture({
    query: Object.fromEntries(new URLSearchParams(location.search)),
    pathname: location.pathname,
    enabledCultures: useLocalizationStore.getState().enabledCultures,
  });
  await failingWith('loading the content', ERROR_MESSAGES.problem, () =>
    useLocalizationStore.getState().setCulture(culture),
  );
}

async function loadDeadlines() {
  await failingWith('loading the deadlines', ERROR_MESSAGES.problem, async () =>
    storeDeadlines(await getDeadlines()),
  );
}

/** docs/behaviour.md#start-up: a failure here is logged and start-up goes on. */
async function loadAntiforgeryToken() {
  try {
    await loadCsrf();
  } catch (error) {
    if (isApiError(error, 403)) return;
    logger.error('Error loading the antiforgery token', error);
    showError(ERROR_MESSAGES.problem);
  }
}

/**
 * Forms config, captcha config, character whitelist and the site settings, side by side.
 * Whatever loaded is stored before the first failure is reported: with the site settings in
 * place, a failed captcha config still leaves the header, the footer and the administrator's
 * contact details the error message points the claimant to.
 */
async function furtherInitialization(): Promise<CaptchaConfigResponse> {
  const [formsConfig, whitelist, captcha, site] = await Promise.allSettled([
    ignoringForbidden('loading the forms config', ERROR_MESSAGES.configLoad, getFormsConfig),
    ignoringForbidden(
      'loading the character whitelist',
      ERROR_MESSAGES.configLoad,
      getCharactersWhitelist,
    ),
    failingWith('loading the captcha config', ERROR_MESSAGES.problem, getCaptchaConfig),
    failingWith('loading the site settings', ERROR_MESSAGES.configLoad, getSite),
  ]);
  if (site.status === 'fulfilled') storeSiteSettings(site.value);
  if (formsConfig.status === 'fulfilled' && formsConfig.value !== null) {
    storeFormsConfig(formsConfig.value);
  }
  if (whitelist.status === 'fulfilled' && whitelist.value !== null) {
    storeCharacterWhitelist(whitelist.value);
  }
  // Reported in this order, the first failure first.
  for (const result of [formsConfig, whitelist, captcha, site]) {
    if (result.status === 'rejected') throw result.reason;
  }
  return (captcha as PromiseFulfilledResult<CaptchaConfigResponse>).value;
}

/**
 * After a failure before the further initialisation (translations, deadlines), the site
 * settings are still fetched, so the page around the error message has its header, footer
 * and contact details; their own failure adds nothing to the message already shown.
 */
async function loadSiteSettingsAfterFailure(): Promise<void> {
  if (useSettingsStore.getState().site !== null) return;
  try {
    storeSiteSettings(await getSite());
  } catch (error) {
    logger.error('Error loading the site settings after a start-up failure', error);
  }
}

async function initializeCaptcha(config: CaptchaConfigResponse) {
  await failingWith('initialising the captcha', ERROR_MESSAGES.problem, () =>
    useCaptchaStore.getState().initialize(config),
  );
}

/** The payment-provider settings; with the election disabled there is nothing more to do. */
async function paymentLogin() {
  const settings = await failingWith(
    'loading the payment settings',
    ERROR_MESSAGES.problem,
    getPayPalSettings,
  );
  useApplicationStore.getState().setPayPalSettings(settings);
}

/**
 * Start-up in the order of docs/behaviour.md#start-up: translations, deadlines, antiforgery token,
 * the further initialisation, captcha, payment login, then mount. The app mounts even after a
 * failure, with whatever loaded, so the alert dialog can show the message
 * (docs/behaviour.md#errors) over the site's own header and footer.
 */
export async function startUp(options: {
  mount: () => void | Promise<void>;
  location?: { pathname: string; search: string };
}): Promise<void> {
  const { mount, location = window.location } = options;
  const sessionStarted = prefetchStartUpCalls(location);
  // A form page loaded directly (a reload, a new tab): what the session holds of its form, which
  // the page's guard would otherwise ask for only after start-up (docs/behaviour.md#drafts).
  const firstPage = matchRoute(location.pathname);
  if (firstPage.requiresAuthorization && firstPage.formType !== undefined) {
    // With an authorization to show the page, its code is fetched while start-up goes on; a
    // session that holds none is sent to /session-expired, which needs none of it.
    void askFirstStanding(firstPage.formType, sessionStarted).then((authorized) => {
      if (authorized) preloadFormPageCode();
    });
  }
  try {
    await loadTranslations(location, sessionStarted);
    await loadDeadlines();
    await loadAntiforgeryToken();
    const captcha = await furtherInitialization();
    await initializeCaptcha(captcha);
    await paymentLogin();
  } catch (error) {
    logger.error('Error during application initialization', error);
    showError(error instanceof StartUpError ? error.userMessage : ERROR_MESSAGES.problem);
    await loadSiteSettingsAfterFailure();
  }
  clearPrefetched();
  startDraftSync();
  await mount();
  forgetFirstStanding();
}
