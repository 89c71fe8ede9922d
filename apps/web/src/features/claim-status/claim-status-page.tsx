import type { ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ERROR_MESSAGES } from '../../lib/error-messages';
import { translate, useLocalizationStore } from '../../stores/localization-store';
import { CLAIM_STATUS_TEXT } from './claim-status-text';
import { fetchClaimStatus } from './claimant-calls';
import { Feedback, useMessage } from './claimant-ui';
import { ClaimStatusView } from './claim-status-view';

/** The site's problem message in the active culture, for a call that could not be made. */
function problemMessage(): string {
  const { key, text } = ERROR_MESSAGES.problem;
  return translate(useLocalizationStore.getState(), key, text);
}

export interface ClaimStatusPageProps {
  /** The reference-code sign-in (the Documents Upload sign-in, composed in app/). */
  signIn(onSignedIn: () => void): ReactNode;
  /** How to reach the administrator, below the sign-in. */
  contact?: ReactNode;
  /**
   * The change of how the claim is paid (the claim form's payment-election fields, composed in
   * app/): it answers with the claim as changed, or is cancelled.
   */
  payoutForm?(onChanged: (claim: ClaimStatusResponse) => void, onCancel: () => void): ReactNode;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'signIn' }
  | { kind: 'failed'; error: string }
  | { kind: 'claim'; claim: ClaimStatusResponse; payout?: 'editing' | 'changed' | 'cancelled' };

/**
 * Check Claim Status (/claim/status, docs/behaviour.md#after-filing): the claimant signs in with
 * the reference code and last name or ZIP (the Documents Upload sign-in, with its captcha and
 * lockouts), then reads the claim's status, answers a deficiency or a denial, and changes how
 * the claim is paid until the case's cut-off (in the page's place, then back with the focus
 * on the payout's heading).
 */
export function ClaimStatusPage({ signIn, contact, payoutForm }: ClaimStatusPageProps) {
  const localize = useMessage();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const load = useCallback(async () => {
    // A server that cannot be reached gets the site's problem message.
    const answer = await fetchClaimStatus().catch(() => ({
      ok: false as const,
      status: 0,
      error: problemMessage(),
    }));
    if (answer.ok) setLoaded({ kind: 'claim', claim: answer.value });
    else if (answer.status === 401) setLoaded({ kind: 'signIn' });
    else setLoaded({ kind: 'failed', error: answer.error || problemMessage() });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const signedIn = useCallback(() => void load(), [load]);

  if (loaded.kind === 'loading') {
    return (
      <div className="content-page">
        <h1 className="page-heading">{localize(CLAIM_STATUS_TEXT.title)}</h1>
        <p aria-live="polite">{localize(CLAIM_STATUS_TEXT.loading)}</p>
      </div>
    );
  }
  if (loaded.kind === 'signIn') {
    return (
      <>
        {signIn(signedIn)}
        {contact}
      </>
    );
  }
  if (loaded.kind === 'failed') {
    return (
      <div className="content-page">
        <h1 className="page-heading">{localize(CLAIM_STATUS_TEXT.title)}</h1>
        <Feedback variant="danger" message={loaded.error} />
      </div>
    );
  }
  const { claim } = loaded;
  if (loaded.payout === 'editing' && payoutForm) {
    return payoutForm(
      (changed) => setLoaded({ kind: 'claim', claim: changed, payout: 'changed' }),
      () => setLoaded({ kind: 'claim', claim, payout: 'cancelled' }),
    );
  }
  return (
    <ClaimStatusView
      claim={claim}
      onChange={(changed) => setLoaded({ kind: 'claim', claim: changed })}
      payoutReturned={loaded.payout === 'editing' ? undefined : loaded.payout}
      {...(payoutForm === undefined
        ? {}
        : { onChangePayout: () => setLoaded({ kind: 'claim', claim, payout: 'editing' }) })}
    />
  );
}
