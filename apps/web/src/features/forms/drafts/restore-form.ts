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

type StandingAnswer = ReturnType<typeof getStanding>;

/**
 * The standing of the form whose page the site opens on, asked for beside the start-up calls
 * (app/start-up.ts), so that a reloaded form page waits one round trip less before it shows;
 * that page's guard reads it, once. Forgotten once the first page is shown: every later
 * restoreForm asks the server again, since signing in or filing changes the answer.
 */
let firstStanding: { formType: FormType; answer: StandingAnswer } | undefined;

/**
 * Asks for the standing of `formType` once `sessionStarted` resolves, for the first page's guard.
 * Resolves to whether the session holds an authorization of the form (false when the call
 * failed).
 */
export function askFirstStanding(
  formType: FormType,
  sessionStarted: Promise<void>,
): Promise<boolean> {
  const answer = sessionStarted.then(() => getStanding(formType));
  firstStanding = { formType, answer };
  // A failure is logged by restoreForm, which reads the answer.
  return answer.then(
    ({ status, body }) => status === 200 && body?.authorized === true,
    () => false,
  );
}

/** Forgets a first standing no guard read (the first page redirected before it asked). */
export function forgetFirstStanding(): void {
  firstStanding = undefined;
}

function standingOf(formType: FormType): StandingAnswer {
  const first = firstStanding;
  firstStanding = undefined;
  return first !== undefined && first.formType === formType ? first.answer : getStanding(formType);
}

/**
 * Asks the server what the session holds of the form (docs/behaviour.md#drafts) and puts it back
 * into the stores: the authorization with its prefill and captcha pass, the draft's answers, the
 * answers the resume cleared (for the page that opens to name) and the last reference code filed.
 * A failed call restores nothing: the guards then send the claimant to sign in again, as before.
 */
export async function restoreForm(formType: FormType): Promise<RestoredForm> {
  let answer;
  try {
    answer = await standingOf(formType);
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
