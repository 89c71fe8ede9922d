import { CLAIM_FORM_TYPES, FRAUD_DECISIONS } from '@claims/core/admin/admin-api';
import { hasPermission } from '@claims/core/admin/admin-roles';
import {
  EXPORT_KINDS,
  isImportKind,
  type ExportFilters,
  type ExportKind,
} from '@claims/core/admin/data-io-api';
import { CLAIM_STATUSES } from '@claims/core/lifecycle/transitions';
import { useId, useState, type FormEvent } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { DateField } from '../../components/date-field';
import { LoadStatus } from '../../components/load-status';
import { errorMessage, getDataJobs, startExport } from '../../lib/api-client';
import { FORM_TYPE_LABELS, FRAUD_DECISION_LABELS, STATUS_LABELS } from '../../lib/labels';
import { useSession } from '../../lib/session-store';
import { useApiData } from '../../lib/use-api-data';
import { JOB_KIND_LABELS } from './data-io-labels';
import { announcement, isRunning } from './job-progress';
import { JobTable } from './job-table';
import { usePolling } from './use-polling';
import { CheckboxGroup } from './checkbox-group';

export function ExportsPage() {
  usePageTitle('Exports');
  const { me, caseSettings } = useSession();
  if (me === null) return null;
  if (!hasPermission(me.role, 'data:export')) {
    return (
      <>
        <h1>Exports</h1>
        <p>Only a supervisor can export claims and documents.</p>
      </>
    );
  }
  return (
    <Exports
      timeZone={caseSettings?.lifecycle.timeZone ?? 'UTC'}
      cultures={caseSettings?.cultures ?? []}
    />
  );
}

type Culture = { code: string; name: string };

function Exports({ timeZone, cultures }: { timeZone: string; cultures: readonly Culture[] }) {
  const [round, setRound] = useState(0);
  const jobs = useApiData(`exports:${round}`, (signal) => getDataJobs(signal));
  const exports = jobs.data?.items.filter((job) => !isImportKind(job.kind)) ?? [];
  const newest = exports[0];
  usePolling(exports.some(isRunning), async (signal) => {
    jobs.replace(await getDataJobs(signal));
  });

  return (
    <>
      <h1>Exports</h1>
      <ExportForm cultures={cultures} onStarted={() => setRound((value) => value + 1)} />
      <div role="status" aria-live="polite" className="visually-hidden">
        {newest === undefined ? '' : announcement(newest)}
      </div>
      <h2 className="h4 mt-5">Export jobs</h2>
      <LoadStatus data={jobs} loadingText="Loading the exports…" onRetry={jobs.reload} />
      {jobs.data === null ? null : exports.length === 0 ? (
        <p>Nothing has been exported yet.</p>
      ) : (
        <JobTable jobs={exports} caption="Exports, newest first" timeZone={timeZone} />
      )}
    </>
  );
}

function ExportForm({
  cultures,
  onStarted,
}: {
  cultures: readonly Culture[];
  onStarted: () => void;
}) {
  const [kind, setKind] = useState<ExportKind>('claims-csv');
  const [filters, setFilters] = useState<ExportFilters>({});
  const [culture, setCulture] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const cultureId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSending(true);
    try {
      await startExport({ kind, filters, ...(culture === '' ? {} : { culture }) });
      onStarted();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="border rounded p-3">
      <fieldset className="mb-3">
        <legend className="h5">What to export</legend>
        {EXPORT_KINDS.map((value) => (
          <div className="form-check" key={value}>
            <input
              className="form-check-input"
              type="radio"
              name="export-kind"
              id={`export-kind-${value}`}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            <label className="form-check-label" htmlFor={`export-kind-${value}`}>
              {JOB_KIND_LABELS[value]}
            </label>
          </div>
        ))}
      </fieldset>
      <h2 className="h5">Which claims</h2>
      <p className="form-text mt-0">Leave a group unticked to take every value of it.</p>
      <div className="row g-3">
        <div className="col-md-4">
          <CheckboxGroup
            legend="Status"
            name="status"
            values={CLAIM_STATUSES}
            labels={STATUS_LABELS}
            chosen={filters.status ?? []}
            onChange={(status) => setFilters({ ...filters, status })}
          />
        </div>
        <div className="col-md-4">
          <CheckboxGroup
            legend="Form"
            name="form-type"
            values={CLAIM_FORM_TYPES}
            labels={FORM_TYPE_LABELS}
            chosen={filters.formType ?? []}
            onChange={(formType) => setFilters({ ...filters, formType })}
          />
          <CheckboxGroup
            legend="Fraud decision"
            name="fraud"
            values={FRAUD_DECISIONS}
            labels={FRAUD_DECISION_LABELS}
            chosen={filters.fraud ?? []}
            onChange={(fraud) => setFilters({ ...filters, fraud })}
          />
        </div>
        <div className="col-md-4">
          <DateField
            label="Filed from"
            value={filters.filedFrom}
            onChange={(filedFrom) => setFilters({ ...filters, filedFrom })}
          />
          <DateField
            label="Filed to"
            value={filters.filedTo}
            onChange={(filedTo) => setFilters({ ...filters, filedTo })}
          />
          <label htmlFor={cultureId} className="form-label">
            Column names in
          </label>
          <select
            id={cultureId}
            className="form-select"
            value={culture}
            onChange={(event) => setCulture(event.target.value)}
          >
            {cultures.map((entry, index) => (
              <option key={entry.code} value={index === 0 ? '' : entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="alert">
        {problem === null ? null : <p className="text-danger mt-3">{problem}</p>}
      </div>
      <button type="submit" className="btn btn-primary mt-3" disabled={sending}>
        {sending ? 'Starting…' : 'Start the export'}
      </button>
    </form>
  );
}
