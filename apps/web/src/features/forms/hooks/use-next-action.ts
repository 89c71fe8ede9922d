import { useCallback, useEffect, useState } from 'react';
import { SUBMITTABLE_FORM_TYPES, type SubmittableFormType } from '@claims/core/form-types';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { authorizeForm, type AuthorizeResult } from '../api/authorize';
import { ERROR_MESSAGES, message } from '../api/messages';
import { continueAfterSignIn } from '../drafts/resume-after-sign-in';
import { useFormContext } from '../form-context';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';
import { usePageActions } from '../page-context';

/** What a page's main button does after the page validates. */
export type NextAction = 'next' | 'authorize' | 'submit';

/**
 * Runs the invisible captcha. A failure the claimant did not cause shows the problem message;
 * closing the challenge themselves does not.
 */
export async function runCaptcha(): Promise<string | null> {
  const captcha = useCaptchaStore.getState();
  const token = await captcha.execute();
  if (!token && useCaptchaStore.getState().lastError !== 'challenge-closed') {
    useApplicationStore.getState().showError(message(ERROR_MESSAGES.problem));
  }
  return token;
}

function loadSubmit() {
  return import('../api/submit');
}

/** The submission's code, or null after telling the claimant it could not be loaded. */
async function submissionCode(): Promise<Awaited<ReturnType<typeof loadSubmit>> | null> {
  try {
    return await loadSubmit();
  } catch (error) {
    logger.error('could not load the code that submits the claim', error);
    useApplicationStore.getState().showError(message(ERROR_MESSAGES.problem));
    return null;
  }
}

function isSubmittable(formType: string): formType is SubmittableFormType {
  return (SUBMITTABLE_FORM_TYPES as readonly string[]).includes(formType);
}

export interface NextActionState {
  run(): Promise<void>;
  /** The server's refusal, shown beside the button. */
  error: string | null;
  /** PayPal could not confirm the payment election the claim was submitted with. */
  paymentMismatch: boolean;
  lastAuthorization: AuthorizeResult | null;
}

/**
 * The page's main action: validate the page, then go on, authorize the credentials or submit
 * the claim (each behind the captcha), and go to the next page when that succeeds.
 */
export function useNextAction(action: NextAction, navigateAfter = true): NextActionState {
  const { formType } = useFormContext();
  const { validatePage } = usePageActions();
  const localize = useLocalized();
  const [error, setError] = useState<string | null>(null);
  const [paymentMismatch, setPaymentMismatch] = useState(false);
  const [lastAuthorization, setLastAuthorization] = useState<AuthorizeResult | null>(null);

  // The submission's code (the claim's encoding, the upload) loads with the page that submits,
  // not with every page of the form.
  useEffect(() => {
    if (action === 'submit') void loadSubmit().catch(() => undefined);
  }, [action]);

  const run = useCallback(async () => {
    setError(null);
    setPaymentMismatch(false);
    if (!validatePage()) return;
    const navigation = useNavigationStore.getState();
    if (action === 'next') {
      await navigation.next();
      return;
    }
    const token = await runCaptcha();
    if (!token) return;
    if (action === 'authorize') {
      const result = await authorizeForm(formType, token);
      setLastAuthorization(result);
      if (result.authorized) {
        if (navigateAfter) await continueAfterSignIn(formType);
      } else {
        setError(result.error);
      }
      return;
    }
    if (!isSubmittable(formType)) {
      throw new Error(
        `the ${formType} form has no submission; expected one of ${SUBMITTABLE_FORM_TYPES.join(', ')}`,
      );
    }
    const submission = await submissionCode();
    if (submission === null) return;
    const result = await submission.submitClaim(formType, token);
    if (result.submitted) {
      await navigation.next();
    } else if (result.nonMatchingPaymentElection) {
      setError(localize(FORMS_TEXT.payPalInvalid));
      setPaymentMismatch(true);
    } else {
      setError(result.error);
    }
  }, [action, formType, validatePage, navigateAfter, localize]);

  return { run, error, paymentMismatch, lastAuthorization };
}
