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

/**
 * Authorizes a form with its credentials model (docs/behaviour.md#authorization). The form's flag
 * is false and the error cleared while the call runs; then the server's answer decides. A 400 or
 * 401 keeps the server's error for the page to show; any other failure shows the problem
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
      answer = await authorize(formType, {
        credentials: credentialsOf(formType),
        reCaptchaResponse: captchaToken,
      });
    } catch (error) {
      logger.error(`authorizing the ${formType} form failed`, error);
      app.showError(message(ERROR_MESSAGES.problem));
      return failed(null);
    }
    const { status, body } = answer;
    if ((status === 400 || status === 401) && body) {
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
