import {
  CLAIM_FORM_TYPES,
  claimsQueryParams,
  claimsQuerySchema,
  FRAUD_DECISIONS,
  MAX_SEARCH_LENGTH,
  type BulkOutcome,
  type ClaimsQuery,
  type ClaimSummary,
} from '@claims/core/admin/admin-api';
import { lifecycleActorOf } from '@claims/core/admin/admin-roles';
import {
  allowedTransitions,
  CLAIM_STATUSES,
  TRANSITION_NAMES,
  type TransitionName,
} from '@claims/core/lifecycle/transitions';
import type { RowSelectionState } from '@tanstack/react-table';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/use-page-title';
import { LoadStatus } from '../../components/load-status';
import { PaginationControls } from '../../components/pagination-controls';
import { TransitionDialog, type TransitionChoice } from '../../components/transition-dialog';
import { bulkTransition, getClaims } from '../../lib/api-client';
import {
  FORM_TYPE_LABELS,
  FRAUD_DECISION_LABELS,
  STATUS_LABELS,
  TRANSITION_LABELS,
} from '../../lib/labels';
import { useSession } from '../../lib/session-store';
import { queryFromSearchParams } from '../../lib/query-from-search';
import { useApiData } from '../../lib/use-api-data';
import { ClaimsTable } from './claims-table';

/** The query an address asks for; a parameter the contract refuses is left at its default. */
export function queryFromSearch(search: URLSearchParams): ClaimsQuery {
  return queryFromSearchParams(claimsQuerySchema, search);
}

/** The transitions the lifecycle table allows the actor on every selected claim. */
function bulkTransitions(claims: readonly ClaimSummary[], actor: 'reviewer' | 'supervisor') {
  const sets = claims.map((claim) => new Set(allowedTransitions(claim.status, actor)));
  return TRANSITION_NAMES.filter((name) => sets.every((set) => set.has(name)));
}

function outcomeSummary(outcomes: readonly BulkOutcome[]): string {
  const done = outcomes.filter((outcome) => outcome.ok).length;
  const refused = outcomes.filter((outcome) => !outcome.ok);
  const head = `${done} of ${outcomes.length} claims changed.`;
  if (refused.length === 0) return head;
  const reasons = refused
    .map((outcome) => `${outcome.referenceCode ?? outcome.claimId}: ${outcome.error}`)
    .join('; ');
  return `${head} Not changed: ${reasons}`;
}

export function QueuePage() {
  usePageTitle('Claims queue');
  const { me, caseSettings } = useSession();
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search);
  const params = claimsQueryParams(query);
  const key = new URLSearchParams(params).toString();
  const claims = useApiData(`claims:${key}`, (signal) => getClaims(query, signal));
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionKey, setSelectionKey] = useState(key);
  const [bulkChoice, setBulkChoice] = useState<TransitionName | ''>('');
  const [dialog, setDialog] = useState<TransitionName | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const bulkId = useId();

  // A new page, sort or filter starts with nothing selected.
  if (selectionKey !== key) {
    setSelectionKey(key);
    setSelection({});
  }

  if (me === null) return null;
  const actor = lifecycleActorOf(me.role);
  const timeZone = caseSettings?.lifecycle.timeZone ?? 'UTC';
  const items = claims.data?.items ?? [];
  const selected = items.filter((claim) => selection[claim.id] === true);
  const choices = actor === null || selected.length === 0 ? [] : bulkTransitions(selected, actor);

  function show(next: Partial<ClaimsQuery>) {
    setOutcome(null);
    setSearch(claimsQueryParams({ ...query, ...next }));
  }

  async function applyBulk(transition: TransitionName, choice: TransitionChoice) {
    const answer = await bulkTransition({
      transition,
      claimIds: selected.map((claim) => claim.id),
      reasonCodes: choice.reasonCodes,
      note: choice.note,
    });
    setDialog(null);
    setBulkChoice('');
    setSelection({});
    setOutcome(`${TRANSITION_LABELS[transition]}: ${outcomeSummary(answer.outcomes)}`);
    claims.reload();
  }

  return (
    <>
      <h1>Claims queue</h1>
      <QueueFilters key={key} query={query} onApply={(filters) => show({ ...filters, page: 1 })} />

      <LoadStatus data={claims} loadingText="Loading claims…" onRetry={claims.reload} />
      <div role="status">
        {outcome === null ? null : <p className="alert alert-info">{outcome}</p>}
        {claims.state === 'ready' ? (
          <p>
            {claims.data.moreThanTotal
              ? `More than ${claims.data.total.toLocaleString('en-US')} claims match.`
              : claims.data.total === 1
                ? '1 claim matches.'
                : `${claims.data.total.toLocaleString('en-US')} claims match.`}
          </p>
        ) : null}
      </div>

      {actor !== null && selected.length > 0 ? (
        <form
          className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 border rounded bg-light"
          aria-label="Bulk actions"
          onSubmit={(event) => {
            event.preventDefault();
            if (bulkChoice !== '') setDialog(bulkChoice);
          }}
        >
          <span>{selected.length} selected.</span>
          {choices.length === 0 ? (
            <span>No status change applies to every selected claim.</span>
          ) : (
            <>
              <label htmlFor={bulkId}>Action for the selected claims</label>
              <select
                id={bulkId}
                className="form-select w-auto"
                value={bulkChoice}
                onChange={(event) => setBulkChoice(event.target.value as TransitionName | '')}
              >
                <option value="">Choose an action</option>
                {choices.map((name) => (
                  <option key={name} value={name}>
                    {TRANSITION_LABELS[name]}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-primary" disabled={bulkChoice === ''}>
                Apply to selected
              </button>
            </>
          )}
        </form>
      ) : null}

      {claims.data === null ? null : claims.data.items.length === 0 ? (
        <p>No claims match these filters.</p>
      ) : (
        <ClaimsTable
          claims={claims.data.items}
          timeZone={timeZone}
          sort={query.sort}
          order={query.order}
          onSort={(sort, order) => show({ sort, order, page: 1 })}
          selectable={actor !== null}
          selection={selection}
          onSelectionChange={setSelection}
        />
      )}

      {claims.data === null ? null : (
        <PaginationControls
          label="Claims pages"
          page={query.page}
          pageSize={query.pageSize}
          total={claims.data.total}
          moreThanTotal={claims.data.moreThanTotal}
          onPage={(page) => show({ page })}
          onPageSize={(pageSize) => show({ pageSize, page: 1 })}
        />
      )}

      {dialog === null || actor === null || caseSettings === null ? null : (
        <TransitionDialog
          transition={dialog}
          actor={actor}
          lifecycle={caseSettings.lifecycle}
          subject={selected.length === 1 ? '1 claim' : `${selected.length} claims`}
          onConfirm={(choice) => applyBulk(dialog, choice)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

type Filters = Pick<ClaimsQuery, 'q' | 'status' | 'formType' | 'fraud' | 'filedFrom' | 'filedTo'>;

function QueueFilters({
  query,
  onApply,
}: {
  query: ClaimsQuery;
  onApply: (filters: Filters) => void;
}) {
  const [filters, setFilters] = useState<Filters>({
    q: query.q,
    status: query.status,
    formType: query.formType,
    fraud: query.fraud,
    filedFrom: query.filedFrom,
    filedTo: query.filedTo,
  });
  const ids = {
    q: useId(),
    formType: useId(),
    fraud: useId(),
    from: useId(),
    to: useId(),
    status: useId(),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(filters);
  }

  function toggleStatus(status: (typeof CLAIM_STATUSES)[number], checked: boolean) {
    const current = filters.status ?? [];
    setFilters({
      ...filters,
      status: checked ? [...current, status] : current.filter((value) => value !== status),
    });
  }

  const single = <T extends string>(values: readonly T[] | undefined): T | '' => values?.[0] ?? '';

  return (
    <div role="search" className="mb-4">
      <form onSubmit={submit} className="border rounded p-3">
        <h2 className="h5">Find claims</h2>
        <div className="row g-3">
          <div className="col-md-6">
            <label htmlFor={ids.q} className="form-label">
              Search
            </label>
            <input
              id={ids.q}
              type="search"
              className="form-control"
              maxLength={MAX_SEARCH_LENGTH}
              aria-describedby={`${ids.q}-help`}
              value={filters.q ?? ''}
              onChange={(event) => setFilters({ ...filters, q: event.target.value })}
            />
            <div id={`${ids.q}-help`} className="form-text">
              Reference code, name, Notice ID, VIN or e-mail address.
            </div>
          </div>
          <div className="col-md-3">
            <label htmlFor={ids.formType} className="form-label">
              Form
            </label>
            <select
              id={ids.formType}
              className="form-select"
              value={single(filters.formType)}
              onChange={(event) => {
                const value = event.target.value as (typeof CLAIM_FORM_TYPES)[number] | '';
                setFilters({ ...filters, formType: value === '' ? undefined : [value] });
              }}
            >
              <option value="">Any form</option>
              {CLAIM_FORM_TYPES.map((formType) => (
                <option key={formType} value={formType}>
                  {FORM_TYPE_LABELS[formType]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-3">
            <label htmlFor={ids.fraud} className="form-label">
              Fraud decision
            </label>
            <select
              id={ids.fraud}
              className="form-select"
              value={single(filters.fraud)}
              onChange={(event) => {
                const value = event.target.value as (typeof FRAUD_DECISIONS)[number] | '';
                setFilters({ ...filters, fraud: value === '' ? undefined : [value] });
              }}
            >
              <option value="">Any</option>
              {FRAUD_DECISIONS.map((decision) => (
                <option key={decision} value={decision}>
                  {FRAUD_DECISION_LABELS[decision]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-3">
            <label htmlFor={ids.from} className="form-label">
              Filed from
            </label>
            <input
              id={ids.from}
              type="date"
              className="form-control"
              value={filters.filedFrom ?? ''}
              onChange={(event) =>
                setFilters({ ...filters, filedFrom: event.target.value || undefined })
              }
            />
          </div>
          <div className="col-md-3">
            <label htmlFor={ids.to} className="form-label">
              Filed to
            </label>
            <input
              id={ids.to}
              type="date"
              className="form-control"
              value={filters.filedTo ?? ''}
              onChange={(event) =>
                setFilters({ ...filters, filedTo: event.target.value || undefined })
              }
            />
          </div>
          <fieldset className="col-12">
            <legend className="form-label fs-6">Status</legend>
            {CLAIM_STATUSES.map((status) => (
              <div key={status} className="form-check form-check-inline">
                <input
                  id={`${ids.status}-${status}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={filters.status?.includes(status) ?? false}
                  onChange={(event) => toggleStatus(status, event.target.checked)}
                />
                <label htmlFor={`${ids.status}-${status}`} className="form-check-label">
                  {STATUS_LABELS[status]}
                </label>
              </div>
            ))}
          </fieldset>
        </div>
        <div className="d-flex gap-2 mt-3">
          <button type="submit" className="btn btn-primary">
            Show claims
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() =>
              onApply({
                q: undefined,
                status: undefined,
                formType: undefined,
                fraud: undefined,
                filedFrom: undefined,
                filedTo: undefined,
              })
            }
          >
            Clear filters
          </button>
        </div>
      </form>
    </div>
  );
}
