import type { MessageText } from '@claims/core/rules/messages';
import { useId, useState } from 'react';
import { ButtonBlock } from '../features/forms/blocks/button-block';
import { FeedbackMessageBlock } from '../features/forms/blocks/feedback-message-block';
import { usePageActions } from '../features/forms/page-context';
import type { ModelSelector } from '../features/forms/models/form-model';
import { useModelsStore } from '../features/forms/stores/models-store';
import type { Outcome } from '../features/claim-status/claimant-calls';

/**
 * The pieces of a claimant's change after filing made on a claim form's page (the address of
 * Change My Address, the payout of Check Claim Status).
 */

/** The fields of a claim form's model as the claimant filled them in on this page. */
export function selectedFields(selector: ModelSelector): Readonly<Record<string, unknown>> {
  return useModelsStore.getState().selectModel(selector).fields;
}

/** The given fields of a model as a change sends them: text, or null when left empty. */
export function textFields(
  keys: readonly string[],
  fields: Readonly<Record<string, unknown>>,
): Record<string, string | null> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = fields[key];
      return [key, typeof value === 'string' && value !== '' ? value : null];
    }),
  );
}

/**
 * The button of a claimant's change after filing on a form page: it checks the page as Next
 * does, sends the change, and shows the server's refusal above itself.
 */
export function ClaimantSaveButton<T>({
  label,
  send,
  onSaved,
}: {
  label: MessageText;
  send(): Promise<Outcome<T>>;
  onSaved(answer: T): void;
}) {
  const { validatePage } = usePageActions();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const save = async () => {
    setError(null);
    if (!validatePage()) return;
    const answer = await send();
    if (answer.ok) onSaved(answer.value);
    else setError(answer.error);
  };
  return (
    <>
      <div aria-live="polite">
        {error && <FeedbackMessageBlock id={errorId} variant="danger" message={error} />}
      </div>
      <ButtonBlock label={label} describedBy={error ? errorId : undefined} onClick={save} />
    </>
  );
}
