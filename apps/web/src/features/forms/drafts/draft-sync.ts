import type { FormType } from '@claims/core/form-types';
import { logger } from '../../../lib/logger';
import { useApplicationStore } from '../../../stores/application-store';
import { useNavigationStore } from '../../../stores/navigation-store';
import { putDraft } from './draft-api';
import { draftOf } from './draft-models';

/** Moves closer together than this send one draft, the last. */
export const DRAFT_SYNC_DELAY_MS = 400;

/** The pages after filing: nothing is left to keep. */
const AFTER_FILING = /\/confirmation$/;

/**
 * Keeps the server's draft of the active form (docs/behaviour.md#drafts) as the claimant moves
 * between pages (Next, Back, an Edit link): once the moves settle, the form's answers and the
 * page reached are sent, unless they are what was sent last. Returns the function that stops it.
 */
export function startDraftSync(delayMs = DRAFT_SYNC_DELAY_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = '';

  const send = async (formType: FormType, page: string) => {
    const draft = draftOf(formType, page);
    const text = JSON.stringify([formType, draft]);
    if (text === lastSent) return;
    lastSent = text;
    try {
      const answer = await putDraft(formType, draft);
      if (answer.status !== 200) lastSent = '';
    } catch (error) {
      lastSent = '';
      logger.error(`keeping the draft of the ${formType} form failed`, error);
    }
  };

  const unsubscribe = useNavigationStore.subscribe((state, previous) => {
    const page = state.currentPage?.path;
    const formType = state.activeFormType;
    if (page === undefined || formType === null || page === previous.currentPage?.path) return;
    if (AFTER_FILING.test(page) || !state.currentPage?.requiresAuthorization) return;
    if (useApplicationStore.getState().authorized.forms[formType] !== true) return;
    clearTimeout(timer);
    timer = setTimeout(() => void send(formType, page), delayMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
