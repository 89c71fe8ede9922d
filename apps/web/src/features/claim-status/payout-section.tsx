import type { ClaimStatusResponse, PayoutSummary } from '@claims/core/contract/claimant-api';
import { formatMessage } from '@claims/core/rules/messages';
import { useEffect, useRef } from 'react';
import { useLocalizationStore } from '../../stores/localization-store';
import { formatClaimDate } from './claim-dates';
import { CLAIM_STATUS_TEXT } from './claim-status-text';
import { Feedback, useMessage } from './claimant-ui';

export interface PayoutSectionProps {
  claim: ClaimStatusResponse & { payout: PayoutSummary };
  /**
   * The claimant comes back from the change: the section takes the focus, and says so when
   * the method was changed.
   */
  returned?: 'changed' | 'cancelled' | undefined;
  /** Opens the change; absent where the page offers none. */
  onChange?: () => void;
}

/**
 * How the claim is paid: the method and its details, masked as the server gives them, and,
 * until the case's cut-off, the way to change it (docs/behaviour.md#after-filing).
 */
export function PayoutSection({ claim, returned, onChange }: PayoutSectionProps) {
  const localize = useMessage();
  const culture = useLocalizationStore((state) => state.activeCulture);
  const { payout } = claim;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (returned !== undefined) heading.current?.focus();
  }, [returned]);
  return (
    <section aria-labelledby="payout-title" className="mt-4">
      <h2 id="payout-title" ref={heading} tabIndex={-1}>
        {localize(CLAIM_STATUS_TEXT.payoutTitle)}
      </h2>
      {returned === 'changed' && (
        <Feedback variant="success" message={localize(CLAIM_STATUS_TEXT.payoutChanged)} />
      )}
      <dl className="payout-details">
        <div>
          <dt>{localize(CLAIM_STATUS_TEXT.payoutMethod)}</dt>
          <dd data-payout-method={payout.method}>{payout.methodText}</dd>
        </div>
        {payout.details.map((detail) => (
          <div key={detail.field}>
            <dt>{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
      {payout.changeOpen ? (
        <>
          {payout.changeBy !== null && (
            <p>
              {formatMessage(localize(CLAIM_STATUS_TEXT.payoutChangeBy), {
                date: formatClaimDate(payout.changeBy, culture, claim.timeZone),
              })}
            </p>
          )}
          {onChange && (
            <button type="button" className="btn btn-outline-primary" onClick={onChange}>
              {localize(CLAIM_STATUS_TEXT.payoutChange)}
            </button>
          )}
        </>
      ) : (
        <Feedback variant="warning" message={localize(CLAIM_STATUS_TEXT.payoutChangeClosed)} />
      )}
    </section>
  );
}
