import type { ClaimDetail } from '@claims/core/admin/admin-api';
import { hasPermission, lifecycleActorOf } from '@claims/core/admin/admin-roles';
import {
  allowedTransitions,
  TRANSITION_NAMES,
  type TransitionName,
} from '@claims/core/lifecycle/transitions';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/use-page-title';
import { LoadStatus } from '../../components/load-status';
import { TransitionDialog, type TransitionChoice } from '../../components/transition-dialog';
import { getClaim, transitionClaim } from '../../lib/api-client';
import { formatInstant } from '../../lib/format';
import { ACTOR_LABELS, FORM_TYPE_LABELS, STATUS_LABELS, TRANSITION_LABELS } from '../../lib/labels';
import { useSession } from '../../lib/session-store';
import { useApiData } from '../../lib/use-api-data';
import { DocumentList } from './document-list';
import { FraudClusterPanel } from '../fraud/fraud-cluster-panel';
import { FraudPanel } from './fraud-panel';

/**
 * The transitions to offer: those the server says the administrator may make now, kept to
 * what the lifecycle table allows the role's actor from the claim's status, in table order.
 */
function offeredTransitions(claim: ClaimDetail, actor: 'reviewer' | 'supervisor' | null) {
  if (actor === null) return [];
  const allowed = new Set(allowedTransitions(claim.status, actor));
  const available = new Set(claim.availableTransitions);
  return TRANSITION_NAMES.filter((name) => allowed.has(name) && available.has(name));
}

function reasonLabels(claim: ClaimDetail, codes: readonly string[]): string {
  const { deficiencyReasons, denialReasons } = claim.lifecycle;
  return codes
    .map(
      (code) =>
        [...deficiencyReasons, ...denialReasons].find((reason) => reason.code === code)?.label ??
        code,
    )
    .join('; ');
}

export function ClaimPage() {
  const { claimId = '' } = useParams();
  const { me } = useSession();
  const claim = useApiData(`claim:${claimId}`, (signal) => getClaim(claimId, signal));
  const [open, setOpen] = useState<TransitionName | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = claim.data;
  usePageTitle(data === null ? 'Claim' : `Claim ${data.referenceCode}`);
  if (me === null) return null;
  const actor = lifecycleActorOf(me.role);
  const zone = data?.lifecycle.timeZone ?? 'UTC';

  async function confirm(transition: TransitionName, choice: TransitionChoice) {
    if (data === null) return;
    const next = await transitionClaim(data.id, {
      transition,
      expectedStatus: data.status,
      reasonCodes: choice.reasonCodes,
      note: choice.note,
    });
    claim.replace(next);
    setOpen(null);
    setDone(
      `${TRANSITION_LABELS[transition]}: the claim is now ${STATUS_LABELS[next.status].toLowerCase()}.`,
    );
  }

  return (
    <>
      <p>
        <Link to="/">Back to the claims queue</Link>
      </p>
      <h1>{data === null ? 'Claim' : `Claim ${data.referenceCode}`}</h1>
      <LoadStatus data={claim} loadingText="Loading the claim…" onRetry={claim.reload} />
      <div role="status">
        {done === null ? null : <p className="alert alert-success">{done}</p>}
      </div>
      {data === null ? null : (
        <>
          <dl className="row">
            <dt className="col-sm-3">Status</dt>
            <dd className="col-sm-9">{STATUS_LABELS[data.status]}</dd>
            <dt className="col-sm-3">Form</dt>
            <dd className="col-sm-9">{FORM_TYPE_LABELS[data.formType]}</dd>
            <dt className="col-sm-3">Filed</dt>
            <dd className="col-sm-9">{formatInstant(data.filedAt, zone)}</dd>
            <dt className="col-sm-3">Claimant</dt>
            <dd className="col-sm-9">{data.claimantName ?? '—'}</dd>
            {data.cureBy === null ? null : (
              <>
                <dt className="col-sm-3">Cure by</dt>
                <dd className="col-sm-9">{formatInstant(data.cureBy, zone)}</dd>
              </>
            )}
            {data.appealBy === null ? null : (
              <>
                <dt className="col-sm-3">Appeal by</dt>
                <dd className="col-sm-9">{formatInstant(data.appealBy, zone)}</dd>
              </>
            )}
          </dl>

          <section aria-labelledby="actions-heading" className="mb-4">
            <h2 id="actions-heading" className="h4">
              Actions
            </h2>
            <ClaimActions
              actor={actor}
              transitions={offeredTransitions(data, actor)}
              onChoose={(transition) => {
                setDone(null);
                setOpen(transition);
              }}
            />
          </section>

          {data.sections.map((section, index) => (
            <section
              key={`${section.part}-${index}`}
              aria-labelledby={`section-${index}`}
              className="mb-4"
            >
              <h2 id={`section-${index}`} className="h4">
                {section.title}
              </h2>
              <dl>
                {section.fields.map((field) => (
                  <div key={field.name} className="row">
                    <dt className="col-sm-3">{field.label}</dt>
                    <dd className="col-sm-9 text-break">
                      {field.value ?? <span className="text-body-secondary">Not given</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}

          <section aria-labelledby="documents-heading" className="mb-4">
            <h2 id="documents-heading" className="h4">
              Documents
            </h2>
            <DocumentList
              claimId={data.id}
              documents={data.documents}
              canRead={hasPermission(me.role, 'documents:read')}
              timeZone={zone}
            />
          </section>

          <section aria-labelledby="fraud-heading" className="mb-4">
            <h2 id="fraud-heading" className="h4">
              Fraud assessment
            </h2>
            <FraudPanel fraud={data.fraud} />
            <FraudClusterPanel claimId={data.id} status={data.status} timeZone={zone} />
          </section>

          <section aria-labelledby="history-heading" className="mb-4">
            <h2 id="history-heading" className="h4">
              History
            </h2>
            {data.history.length === 0 ? (
              <p>Received, with no change since.</p>
            ) : (
              <div className="table-responsive">
                <table className="table">
                  <caption className="visually-hidden">Status changes, oldest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">Change</th>
                      <th scope="col">Reasons</th>
                      <th scope="col">Note</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.history.map((event) => (
                      <tr key={`${event.at}-${event.transition}`}>
                        <td>{formatInstant(event.at, zone)}</td>
                        <td>
                          {ACTOR_LABELS[event.actor]}
                          {event.actorEmail === null ? null : ` (${event.actorEmail})`}
                        </td>
                        <td>
                          {TRANSITION_LABELS[event.transition]}: {STATUS_LABELS[event.from]} to{' '}
                          {STATUS_LABELS[event.to]}
                        </td>
                        <td>{reasonLabels(data, event.reasonCodes) || '—'}</td>
                        <td className="text-break">{event.note ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          {open === null || actor === null ? null : (
            <TransitionDialog
              transition={open}
              actor={actor}
              lifecycle={data.lifecycle}
              subject={`claim ${data.referenceCode}`}
              onConfirm={(choice) => confirm(open, choice)}
              onClose={() => setOpen(null)}
            />
          )}
        </>
      )}
    </>
  );
}

function ClaimActions({
  actor,
  transitions,
  onChoose,
}: {
  actor: 'reviewer' | 'supervisor' | null;
  transitions: readonly TransitionName[];
  onChoose: (transition: TransitionName) => void;
}) {
  if (actor === null) return <p>Your role can read claims but not change their status.</p>;
  if (transitions.length === 0) return <p>No status change is open to you on this claim now.</p>;
  return (
    <div className="d-flex flex-wrap gap-2">
      {transitions.map((transition) => (
        <button
          key={transition}
          type="button"
          className="btn btn-primary"
          onClick={() => onChoose(transition)}
        >
          {TRANSITION_LABELS[transition]}
        </button>
      ))}
    </div>
  );
}
