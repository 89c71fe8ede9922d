import type { ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { MAX_APPEAL_STATEMENT_LENGTH } from '@claims/core/contract/claimant-api';
import { useId, useState } from 'react';
import { CLAIM_STATUS_TEXT } from './claim-status-text';
import { sendAppeal } from './claimant-calls';
import { ActionButton, Feedback, useMessage } from './claimant-ui';

/** The appeal of a denial: the claimant's statement of why the decision should change. */
export function AppealForm({ onAppealed }: { onAppealed(claim: ClaimStatusResponse): void }) {
  const localize = useMessage();
  const [statement, setStatement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const send = async () => {
    if (statement.trim() === '') {
      setError(localize(CLAIM_STATUS_TEXT.appealRequired));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(null);
    const answer = await sendAppeal(statement);
    if (answer.ok) onAppealed(answer.value);
    else setError(answer.error);
  };
  return (
    <section aria-labelledby={`${fieldId}-title`} className="mt-3">
      <h3 id={`${fieldId}-title`}>{localize(CLAIM_STATUS_TEXT.appealTitle)}</h3>
      <div className="mb-3">
        <label className="form-label" htmlFor={fieldId}>
          {localize(CLAIM_STATUS_TEXT.appealStatement)}
        </label>
        <textarea
          id={fieldId}
          className={`form-control${error ? ' is-invalid' : ''}`}
          rows={6}
          maxLength={MAX_APPEAL_STATEMENT_LENGTH}
          value={statement}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setStatement(event.target.value)}
        />
        <div aria-live="polite">
          {error && <Feedback id={errorId} variant="danger" message={error} />}
        </div>
      </div>
      <ActionButton label={localize(CLAIM_STATUS_TEXT.appealSend)} onClick={send} />
    </section>
  );
}
