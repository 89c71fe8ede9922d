import {
  IMPORT_KINDS,
  IMPORT_MODES,
  isImportKind,
  type DataJob,
  type ImportKind,
  type ImportMode,
} from '@claims/core/admin/data-io-api';
import { hasPermission } from '@claims/core/admin/admin-roles';
import { useId, useState, type FormEvent } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { LoadStatus } from '../../components/load-status';
import { errorMessage, getDataJob, getDataJobs, startImport } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { useApiData } from '../../lib/use-api-data';
import { IMPORT_MODE_LABELS, JOB_KIND_LABELS } from './data-io-labels';
import { announcement, isRunning, JobFileLink, JobProgress, outcomeText } from './job-progress';
import { JobTable } from './job-table';
import { usePolling } from './use-polling';

const KIND_HINTS = {
  'class-list': 'NoticeId, Pin and the member’s details; members listed are added or updated.',
  'vehicle-list': 'Vin and the vehicle’s details; vehicles listed are added or updated.',
  'payout-results': 'claim, amount, method and outcome (paid, returned or reissued).',
} as const satisfies Record<ImportKind, string>;

export function ImportsPage() {
  usePageTitle('Imports');
  const { me, caseSettings } = useSession();
  if (me === null) return null;
  if (!hasPermission(me.role, 'data:import')) {
    return (
      <>
        <h1>Imports</h1>
        <p>Only a supervisor can import lists and payout results.</p>
      </>
    );
  }
  return <Imports timeZone={caseSettings?.lifecycle.timeZone ?? 'UTC'} />;
}

function Imports({ timeZone }: { timeZone: string }) {
  const [job, setJob] = useState<DataJob | null>(null);
  const earlier = useApiData(`imports:${job?.id ?? ''}:${job?.state ?? ''}`, (signal) =>
    getDataJobs(signal),
  );
  usePolling(job !== null && isRunning(job), async (signal) => {
    if (job !== null) setJob(await getDataJob(job.id, signal));
  });
  const imports = earlier.data?.items.filter((item) => isImportKind(item.kind)) ?? [];

  return (
    <>
      <h1>Imports</h1>
      <ImportForm busy={job !== null && isRunning(job)} onStarted={setJob} />
      <div role="status" aria-live="polite" className="visually-hidden">
        {job === null ? '' : announcement(job)}
      </div>
      {job === null ? null : <CurrentImport job={job} />}
      <h2 className="h4 mt-5">Recent imports</h2>
      <LoadStatus data={earlier} loadingText="Loading the imports…" onRetry={earlier.reload} />
      {earlier.data === null ? null : imports.length === 0 ? (
        <p>No list or payout results has been imported yet.</p>
      ) : (
        <JobTable jobs={imports} caption="Imports, newest first" timeZone={timeZone} />
      )}
    </>
  );
}

function CurrentImport({ job }: { job: DataJob }) {
  return (
    <section aria-labelledby="current-import" className="border rounded p-3 mt-4">
      <h2 id="current-import" className="h5">
        {JOB_KIND_LABELS[job.kind]} import
      </h2>
      <JobProgress job={job} label="Rows imported" />
      {isRunning(job) ? null : (
        <>
          <p className={`mt-3 mb-2 ${job.state === 'failed' ? 'text-danger' : ''}`}>
            {outcomeText(job)}
          </p>
          <p className="mb-0">
            <JobFileLink job={job} />
          </p>
        </>
      )}
    </section>
  );
}

function ImportForm({ busy, onStarted }: { busy: boolean; onStarted: (job: DataJob) => void }) {
  const [kind, setKind] = useState<ImportKind>('class-list');
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileId = useId();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === null) {
      setProblem('Choose the CSV file to import.');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      onStarted(await startImport({ kind, mode }, file));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="border rounded p-3" noValidate>
      <fieldset className="mb-3">
        <legend className="h5">What the file holds</legend>
        {IMPORT_KINDS.map((value) => (
          <div className="form-check" key={value}>
            <input
              className="form-check-input"
              type="radio"
              name="import-kind"
              id={`import-kind-${value}`}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            <label className="form-check-label" htmlFor={`import-kind-${value}`}>
              {JOB_KIND_LABELS[value]}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="mb-3">
        <label htmlFor={fileId} className="form-label">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className={`form-control ${problem === null ? '' : 'is-invalid'}`}
          aria-describedby={hintId}
          aria-invalid={problem === null ? undefined : true}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div id={hintId} className="form-text">
          Columns: {KIND_HINTS[kind]}
        </div>
      </div>
      <fieldset className="mb-3">
        <legend className="h6">If some rows are refused</legend>
        {IMPORT_MODES.map((value) => (
          <div className="form-check" key={value}>
            <input
              className="form-check-input"
              type="radio"
              name="import-mode"
              id={`import-mode-${value}`}
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            <label className="form-check-label" htmlFor={`import-mode-${value}`}>
              {IMPORT_MODE_LABELS[value]}
            </label>
          </div>
        ))}
      </fieldset>
      <div role="alert">{problem === null ? null : <p className="text-danger">{problem}</p>}</div>
      <button type="submit" className="btn btn-primary" disabled={sending || busy}>
        {sending ? 'Sending the file…' : 'Start the import'}
      </button>
    </form>
  );
}
