import {
  AUDIT_ACTIONS,
  auditExportPath,
  auditQueryParams,
  auditQuerySchema,
  type AuditQuery,
} from '@claims/core/admin/admin-api';
import { hasPermission } from '@claims/core/admin/admin-roles';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/use-page-title';
import { LoadStatus } from '../../components/load-status';
import { PaginationControls } from '../../components/pagination-controls';
import { getAudit } from '../../lib/api-client';
import { formatInstant } from '../../lib/format';
import { AUDIT_ACTION_LABELS, ROLE_LABELS } from '../../lib/labels';
import { useSession } from '../../lib/session-store';
import { queryFromSearchParams } from '../../lib/query-from-search';
import { useApiData } from '../../lib/use-api-data';

/** The query an address asks for; a parameter the contract refuses is left at its default. */
export function auditQueryFromSearch(search: URLSearchParams): AuditQuery {
  return queryFromSearchParams(auditQuerySchema, search);
}

export function AuditPage() {
  usePageTitle('Audit log');
  const { me, caseSettings } = useSession();
  if (me === null) return null;
  if (!hasPermission(me.role, 'audit:read')) {
    return (
      <>
        <h1>Audit log</h1>
        <p>Only a supervisor can read the audit log.</p>
      </>
    );
  }
  return (
    <AuditLog
      canExport={hasPermission(me.role, 'data:export')}
      timeZone={caseSettings?.lifecycle.timeZone ?? 'UTC'}
    />
  );
}

function AuditLog({ canExport, timeZone }: { canExport: boolean; timeZone: string }) {
  const [search, setSearch] = useSearchParams();
  const query = auditQueryFromSearch(search);
  const key = new URLSearchParams(auditQueryParams(query)).toString();
  const audit = useApiData(`audit:${key}`, (signal) => getAudit(query, signal));

  function show(next: Partial<AuditQuery>) {
    setSearch(auditQueryParams({ ...query, ...next }));
  }

  return (
    <>
      <h1>Audit log</h1>
      <AuditFilters key={key} query={query} onApply={(filters) => show({ ...filters, page: 1 })} />
      {canExport ? (
        <p>
          <a className="btn btn-outline-primary" href={auditExportPath(query)} download>
            Export these entries as CSV
          </a>
        </p>
      ) : null}
      <LoadStatus data={audit} loadingText="Loading the audit log…" onRetry={audit.reload} />
      <div role="status">
        {audit.state === 'ready' ? (
          <p>
            {audit.data.total === 1 ? '1 entry matches.' : `${audit.data.total} entries match.`}
          </p>
        ) : null}
      </div>
      {audit.data === null ? null : audit.data.items.length === 0 ? (
        <p>No entries match these filters.</p>
      ) : (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Claim</th>
                <th scope="col">Document</th>
                <th scope="col">From address</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatInstant(entry.at, timeZone)}</td>
                  <td className="text-break">
                    {entry.actorEmail ?? 'System'}
                    {entry.actorRole === null ? null : ` (${ROLE_LABELS[entry.actorRole]})`}
                  </td>
                  <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
                  <td>{entry.claimReference ?? '—'}</td>
                  <td>{entry.documentId ?? '—'}</td>
                  <td>{entry.ipAddress ?? '—'}</td>
                  <td className="text-break">{entry.details ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.data === null ? null : (
        <PaginationControls
          label="Audit log pages"
          page={query.page}
          pageSize={query.pageSize}
          total={audit.data.total}
          onPage={(page) => show({ page })}
          onPageSize={(pageSize) => show({ pageSize, page: 1 })}
        />
      )}
    </>
  );
}

type Filters = Pick<AuditQuery, 'action' | 'actor' | 'claim' | 'from' | 'to'>;

function AuditFilters({
  query,
  onApply,
}: {
  query: AuditQuery;
  onApply: (filters: Filters) => void;
}) {
  const [filters, setFilters] = useState<Filters>({
    action: query.action,
    actor: query.actor,
    claim: query.claim,
    from: query.from,
    to: query.to,
  });
  const ids = { action: useId(), actor: useId(), claim: useId(), from: useId(), to: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(filters);
  }

  return (
    <div role="search" className="mb-4">
      <form onSubmit={submit} className="border rounded p-3">
        <h2 className="h5">Find entries</h2>
        <div className="row g-3">
          <div className="col-md-4">
            <label htmlFor={ids.action} className="form-label">
              What
            </label>
            <select
              id={ids.action}
              className="form-select"
              value={filters.action ?? ''}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  action:
                    event.target.value === ''
                      ? undefined
                      : (event.target.value as (typeof AUDIT_ACTIONS)[number]),
                })
              }
            >
              <option value="">Any action</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-4">
            <label htmlFor={ids.actor} className="form-label">
              Who (e-mail address)
            </label>
            <input
              id={ids.actor}
              type="email"
              className="form-control"
              value={filters.actor ?? ''}
              onChange={(event) => setFilters({ ...filters, actor: event.target.value })}
            />
          </div>
          <div className="col-md-4">
            <label htmlFor={ids.claim} className="form-label">
              Claim reference code
            </label>
            <input
              id={ids.claim}
              className="form-control"
              value={filters.claim ?? ''}
              onChange={(event) => setFilters({ ...filters, claim: event.target.value })}
            />
          </div>
          <div className="col-md-4">
            <label htmlFor={ids.from} className="form-label">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              className="form-control"
              value={filters.from ?? ''}
              onChange={(event) =>
                setFilters({ ...filters, from: event.target.value || undefined })
              }
            />
          </div>
          <div className="col-md-4">
            <label htmlFor={ids.to} className="form-label">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              className="form-control"
              value={filters.to ?? ''}
              onChange={(event) => setFilters({ ...filters, to: event.target.value || undefined })}
            />
          </div>
        </div>
        <div className="d-flex gap-2 mt-3">
          <button type="submit" className="btn btn-primary">
            Show entries
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() =>
              onApply({
                action: undefined,
                actor: undefined,
                claim: undefined,
                from: undefined,
                to: undefined,
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
