import type { FormType } from '@claims/core/form-types';
import { camelCaseKeys } from '@claims/core/text/camel-case';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { useModelsStore } from '../stores/models-store';
import { useClearedAnswersStore } from './cleared-answers';
import { getStanding } from './draft-api';
import { restoreDraftModels } from './draft-models';

export interface RestoredForm {
  authorized: boolean;
  /** The page the draft was left on; null without a draft. */
  page: string | null;
  /** Answers the rules refused when resumed, as `Model.field`. */
  clearedFields: readonly string[];
}

const NOTHING: RestoredForm = { authorized: false, page: null, clearedFields: [] };

/**
 * Asks the server what the session holds of the form (docs/behaviour.md#drafts) and puts it back
 * into the stores: the authorization with its prefill and captcha pass, the draft's answers, the
 * answers the resume cleared (for the page that opens to name) and the last reference code filed.
 * A failed call restores nothing: the guards then send the claimant to sign in again, as before.
 */
export async function restoreForm(formType: FormType): Promise<RestoredForm> {
  let answer;
  try {
    answer = await getStanding(formType);
  } catch (error) {
    logger.error(`asking what the session holds of the ${formType} form failed`, error);
    return NOTHING;
  }
  const standing = answer.body;
  if (answer.status !== 200 || standing === null) return NOTHING;
  const app = useApplicationStore.getState();
  if (standing.referenceCode !== null) app.setReferenceCode(formType, standing.referenceCode);
  if (!standing.authorized) return NOTHING;
  app.setAuthorized(formType, true);
  const models = useModelsStore.getState();
  if (models.remoteConfigs !== null) {
    models.applyPrepopulatedData(formType, camelCaseKeys(standing.prepopulatedData ?? {}));
    if (standing.draft !== null) restoreDraftModels(standing.draft);
    useClearedAnswersStore.getState().keep(formType, standing.clearedFields);
  }
  if (standing.captcha !== null) useCaptchaStore.getState().setPreviousCaptcha(standing.captcha);
  return {
    authorized: true,
    page: standing.draft?.page ?? null,
    clearedFields: standing.clearedFields,
  };
}
