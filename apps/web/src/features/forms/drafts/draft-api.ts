import {
  draftPath,
  finishLaterPath,
  type Draft,
  type FinishLaterRequest,
  type FinishLaterResponse,
  type FormStandingResponse,
  type PutDraftResponse,
} from '@claims/core/contract/drafts';
import type { FormType } from '@claims/core/form-types';
import { callJson } from '../../../lib/api-client';

/** GET's answer: the standing, and a new one-time captcha pass for the submit. */
export type FormStanding = FormStandingResponse & { captcha: string | null };

/** GET /api/forms/{form}/draft (docs/behaviour.md#drafts). */
export function getStanding(formType: FormType) {
  return callJson<FormStanding>('GET', draftPath(formType));
}

/** PUT /api/forms/{form}/draft: small and idempotent, sent as the claimant moves between pages. */
export function putDraft(formType: FormType, draft: Draft) {
  return callJson<PutDraftResponse>('PUT', draftPath(formType), draft);
}

/** POST /api/forms/{form}/draft/finish-later. */
export function postFinishLater(formType: FormType, request: FinishLaterRequest) {
  return callJson<FinishLaterResponse>('POST', finishLaterPath(formType), request);
}
