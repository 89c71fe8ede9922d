import type { ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { formPagePath } from '@claims/core/routes';
import { formatMessage } from '@claims/core/rules/messages';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useLocalizationStore, useLocalizedPath } from '../../stores/localization-store';
import { AppealForm } from './appeal-form';
import { formatClaimDate } from './claim-dates';
import { CLAIM_STATUS_TEXT } from './claim-status-text';
import { sendCure } from './claimant-calls';
import { ActionButton, Feedback, useMessage } from './claimant-ui';
import { PayoutSection } from './payout-section';

interface ViewProps {
  claim: ClaimStatusResponse;
  onChange(claim: ClaimStatusResponse): void;
}

interface StatusViewProps extends ViewProps {
  /** Opens the change of how the claim is paid; absent where the page offers none. */
  onChangePayout?: () => void;
  /** The claimant comes back from the change of the payout. */
  payoutReturned?: 'changed' | 'cancelled' | undefined;
}

function useClaimDate(claim: ClaimStatusResponse) {
  const culture = useLocalizationStore((state) => state.activeCulture);
  return (iso: string) => formatClaimDate(iso, culture, claim.timeZone);
}

/** The Documents Upload form's upload page, already signed in for this claim. */
function UploadLink() {
  const localize = useMessage();
  const localizePath = useLocalizedPath();
  return (
    <Link
      className="btn btn-outline-primary"
      to={localizePath(formPagePath('DocumentsUpload', 'supporting-documents'))}
    >
      {localize(CLAIM_STATUS_TEXT.uploadLink)}
    </Link>
  );
}

/** A deficient claim: each reason with what to send, the cure-by date, and the cure. */
function Deficiencies({ claim, onChange }: ViewProps) {
  const localize = useMessage();
  const date = useClaimDate(claim);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const cure = async () => {
    setError(null);
    const answer = await sendCure();
    if (answer.ok) onChange(answer.value);
    else setError(answer.error);
  };
  return (
    <section aria-labelledby="deficient-title" className="mt-4">
      <h2 id="deficient-title">{localize(CLAIM_STATUS_TEXT.deficientTitle)}</h2>
      <ul>
        {claim.deficiencies.map((reason) => (
          <li key={reason.code}>
            <strong>{reason.label}</strong>
            {reason.whatToSend !== '' && (
              <p>
                {localize(CLAIM_STATUS_TEXT.whatToSend)}: {reason.whatToSend}
              </p>
            )}
          </li>
        ))}
      </ul>
      {claim.cureBy !== null && (
        <p>{formatMessage(localize(CLAIM_STATUS_TEXT.cureBy), { date: date(claim.cureBy) })}</p>
      )}
      {claim.cureOpen ? (
        <>
          <p>{localize(CLAIM_STATUS_TEXT.uploadSteps)}</p>
          <div className="d-flex flex-wrap gap-2">
            <UploadLink />
            <ActionButton
              label={localize(CLAIM_STATUS_TEXT.sendForReview)}
              describedBy={error ? errorId : undefined}
              onClick={cure}
            />
          </div>
          <div aria-live="polite">
            {error && <Feedback id={errorId} variant="danger" message={error} />}
          </div>
        </>
      ) : (
        <Feedback variant="warning" message={localize(CLAIM_STATUS_TEXT.cureClosed)} />
      )}
    </section>
  );
}

/** A denied claim: the reasons, and the appeal while its window is open. */
function Denial({ claim, onChange }: ViewProps) {
  const localize = useMessage();
  const date = useClaimDate(claim);
  return (
    <section aria-labelledby="denied-title" className="mt-4">
      <h2 id="denied-title">{localize(CLAIM_STATUS_TEXT.deniedTitle)}</h2>
      <ul>
        {claim.denialReasons.map((reason) => (
          <li key={reason.code}>{reason.label}</li>
        ))}
      </ul>
      {claim.appealOpen && claim.appealBy !== null ? (
        <>
          <p>
            {formatMessage(localize(CLAIM_STATUS_TEXT.appealBy), { date: date(claim.appealBy) })}
          </p>
          <p>{localize(CLAIM_STATUS_TEXT.appealDocuments)}</p>
          <p>
            <UploadLink />
          </p>
          <AppealForm onAppealed={onChange} />
        </>
      ) : (
        <Feedback variant="warning" message={localize(CLAIM_STATUS_TEXT.appealClosed)} />
      )}
    </section>
  );
}

/** The claim's status in plain words, the dates it changed, and what the claimant may do now. */
export function ClaimStatusView({
  claim,
  onChange,
  onChangePayout,
  payoutReturned,
}: StatusViewProps) {
  const localize = useMessage();
  const date = useClaimDate(claim);
  return (
    <div className="content-page claim-status">
      <h1 className="page-heading">{localize(CLAIM_STATUS_TEXT.title)}</h1>
      <dl>
        <dt>{localize(CLAIM_STATUS_TEXT.referenceCode)}</dt>
        <dd>{claim.referenceCode}</dd>
        <dt>{localize(CLAIM_STATUS_TEXT.currentStatus)}</dt>
        <dd data-status={claim.status}>{claim.statusText}</dd>
      </dl>
      <h2>{localize(CLAIM_STATUS_TEXT.historyTitle)}</h2>
      <ol className="claim-history">
        <li>
          {date(claim.filedAt)}: {localize(CLAIM_STATUS_TEXT.filed)}
        </li>
        {claim.history.map((event, index) => (
          <li key={index}>
            {date(event.at)}: {event.statusText}
          </li>
        ))}
      </ol>
      {claim.status === 'deficient' && <Deficiencies claim={claim} onChange={onChange} />}
      {claim.status === 'denied' && <Denial claim={claim} onChange={onChange} />}
      {claim.payout !== null && (
        <PayoutSection
          claim={{ ...claim, payout: claim.payout }}
          returned={payoutReturned}
          {...(onChangePayout === undefined ? {} : { onChange: onChangePayout })}
        />
      )}
    </div>
  );
}
