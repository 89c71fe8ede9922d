import type { ClusterClaim, FraudClaimResponse } from '@claims/core/admin/fraud-api';
import { hasPermission } from '@claims/core/admin/admin-roles';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import { useId, useState, type FormEvent } from 'react';
import { LoadStatus } from '../../components/load-status';
import { errorMessage, getFraudClaim, releaseFraudHold } from '../../lib/api-client';
import { formatInstant } from '../../lib/format';
import { FRAUD_DECISION_LABELS } from '../../lib/labels';
import { useSession } from '../../lib/session-store';
import { useApiData } from '../../lib/use-api-data';
import { FraudClaimTable, type FraudColumn } from './fraud-claim-table';
import { CLUSTER_KEY_LABELS } from './fraud-labels';

/**
 * A claim's place in the fraud queue (docs/behaviour.md#fraud-holds): held, released (by whom,
 * when and why) or neither; a supervisor's release of a held claim; and its cluster, the claims
 * sharing a key with it.
 */
export function FraudClusterPanel({
  claimId,
  status,
  timeZone,
}: {
  claimId: string;
  /** The claim's status: read again when it changes, since a decided claim is no longer held. */
  status: ClaimStatus;
  timeZone: string;
}) {
  const { me } = useSession();
  const fraud = useApiData(`fraud-claim:${claimId}:${status}`, (signal) =>
    getFraudClaim(claimId, signal),
  );
  const data = fraud.data;
  const canRelease = me !== null && hasPermission(me.role, 'fraud:release');
  return (
    <>
      <LoadStatus data={fraud} loadingText="Loading the fraud hold…" onRetry={fraud.reload} />
      {data === null ? null : (
        <>
          <HoldStanding data={data} timeZone={timeZone} />
          {data.held && canRelease ? (
            <ReleaseForm claimId={claimId} onReleased={fraud.replace} />
          ) : null}
          <h3 className="h5">Cluster</h3>
          <ClusterTable data={data} timeZone={timeZone} />
        </>
      )}
    </>
  );
}

function HoldStanding({ data, timeZone }: { data: FraudClaimResponse; timeZone: string }) {
  if (data.release !== null) {
    return (
      <p>
        Hold released by {data.release.actorEmail} on {formatInstant(data.release.at, timeZone)}:{' '}
        {data.release.note}
      </p>
    );
  }
  if (data.held) return <p>Held for fraud review: it waits in the fraud holds.</p>;
  return <p>Not held for fraud review.</p>;
}

function ReleaseForm({
  claimId,
  onReleased,
}: {
  claimId: string;
  onReleased: (data: FraudClaimResponse) => void;
}) {
  const noteId = useId();
  const errorId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim() === '') {
      setError('Say why the hold is lifted.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      onReleased(await releaseFraudHold(claimId, note.trim()));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mb-3">
      <label htmlFor={noteId} className="form-label">
        Why the hold is lifted
      </label>
      <textarea
        id={noteId}
        className={`form-control mb-2${error === null ? '' : ' is-invalid'}`}
        rows={2}
        value={note}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(event) => setNote(event.target.value)}
      />
      <div id={errorId} role="alert" className="invalid-feedback d-block">
        {error}
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        Release the hold
      </button>
    </form>
  );
}

const CLUSTER_COLUMNS: readonly FraudColumn<ClusterClaim>[] = [
  {
    header: 'Shares',
    cell: (claim) => claim.shared.map((key) => CLUSTER_KEY_LABELS[key]).join(', '),
  },
  { header: 'Score', numeric: true, cell: (claim) => claim.fraudScore ?? '—' },
  {
    header: 'Decision',
    cell: (claim) =>
      claim.fraudDecision === null ? '—' : FRAUD_DECISION_LABELS[claim.fraudDecision],
  },
];

function ClusterTable({ data, timeZone }: { data: FraudClaimResponse; timeZone: string }) {
  if (data.cluster.length === 0) return <p>No other claim shares a key with this one.</p>;
  return (
    <FraudClaimTable
      caption={`Claims sharing a key with this one, most recent first${data.clusterTruncated ? ' (only the most recent are listed)' : ''}`}
      rows={data.cluster}
      columns={CLUSTER_COLUMNS}
      timeZone={timeZone}
    />
  );
}
