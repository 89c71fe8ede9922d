import type { ScalarValue } from '@claims/core/contract/api';
import type { FormType } from '@claims/core/form-types';
import { camelCaseKeys } from '@claims/core/text/camel-case';
import { authorize } from '../../../lib/api-client';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { isFileFieldValue } from '../models/form-model';
import { useModelsStore } from '../stores/models-store';
import { ERROR_MESSAGES, message } from './messages';

export const AUTHORIZE_WITHOUT_CAPTCHA = 'AuthorizeForm called without calling reCaptcha.';

export interface AuthorizeResult {
  authorized: boolean;
  /**
   * The server's refusal (a 400, a 401 or an unauthorized answer), already in the claimant's
   * language, for the page to show; null when the failure was shown in the alert dialog.
   */
  error: string | null;
  /** camelCase keys. */
  prepopulatedData: Record<string, ScalarValue>;
}

function credentialsOf(formType: FormType): Record<string, ScalarValue> {
  const model = useModelsStore.getState().selectModel({ formType, dtoMapping: 'Credentials' });
  const credentials: Record<string, ScalarValue> = {};
  for (const [key, value] of Object.entries(model.fields)) {
    credentials[key] = isFileFieldValue(value) ? null : value;
  }
  return credentials;
}

/** The status of an authorize answer asking for a stronger check (docs/behaviour.md#lockouts). */
const STRONGER_CHECK = 428;
/** How many stronger checks one sign-in solves before it gives up. */
const MAX_STRONGER_CHECKS = 3;

/**
 * Sends the credentials; while the server asks for a stronger check (a Notice ID with many
 * wrong answers this hour), shows its "checking" message, solves the harder challenge it sent
 * and sends them again, so the claimant only waits a few seconds.
 */
async function authorizeWithStrongerChecks(formType: FormType, captchaToken: string) {
  const credentials = credentialsOf(formType);
  let answer = await authorize(formType, { credentials, reCaptchaResponse: captchaToken });
  for (let check = 0; check < MAX_STRONGER_CHECKS; check += 1) {
    const challenge = answer.body?.captchaChallenge;
    if (answer.status !== STRONGER_CHECK || challenge === undefined) break;
    useApplicationStore.getState().setAuthorized(formType, false, answer.body?.error ?? null);
    const token = await useCaptchaStore.getState().solve(challenge);
    if (token === null) break;
    answer = await authorize(formType, { credentials, reCaptchaResponse: token });
  }
  return answer;
}

/**
 * Authorizes a form with its credentials model (docs/behaviour.md#authorization). The form's flag
 * is false and the error cleared while the call runs; then the server's answer decides. A 400 or
 * 401 (or a stronger check that could not be solved) keeps the server's error for the page to show; any other failure shows the problem
 * message. The captcha is reset afterwards, whatever happened.
 */
export async function authorizeForm(
  formType: FormType,
  captchaToken: string | null,
): Promise<AuthorizeResult> {
  if (!captchaToken) throw new Error(AUTHORIZE_WITHOUT_CAPTCHA);
  const app = useApplicationStore.getState();
  app.setAuthorized(formType, false, null);
  const failed = (error: string | null): AuthorizeResult => ({
    authorized: false,
    error,
    prepopulatedData: {},
  });
  try {
    let answer;
    try {
      answer = await authorizeWithStrongerChecks(formType, captchaToken);
    } catch (error) {
      logger.error(`authorizing the ${formType} form failed`, error);
      app.showError(message(ERROR_MESSAGES.problem));
      return failed(null);
    }
    const { status, body } = answer;
    if ((status === 400 || status === 401 || status === STRONGER_CHECK) && body) {
      app.setAuthorized(formType, false, body.error);
      return failed(body.error);
    }
    if (status < 200 || status >= 300 || !body) {
      app.showError(message(ERROR_MESSAGES.problem));
      return failed(null);
    }
    app.setAuthorized(formType, body.authorized, body.error);
    if (!body.authorized) return failed(body.error);
    // Prepopulated data keys come back capitalised (docs/behaviour.md#models).
    const prepopulatedData = camelCaseKeys(body.prepopulatedData ?? {});
    useModelsStore.getState().applyPrepopulatedData(formType, prepopulatedData);
    useCaptchaStore.getState().setPreviousCaptcha(body.captcha);
    return { authorized: true, error: null, prepopulatedData };
  } finally {
    useCaptchaStore.getState().reset();
  }
}
