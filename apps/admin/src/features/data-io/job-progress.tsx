import { dataJobFilePath, isImportKind, type DataJob } from '@claims/core/admin/data-io-api';
import { countOf, formatCount, JOB_KIND_LABELS } from './data-io-labels';

export function isRunning(job: DataJob): boolean {
  return job.state === 'queued' || job.state === 'running';
}

/** "600 of 1,200 rows": what a job has handled so far. */
export function progressText(job: DataJob): string {
  if (job.state === 'queued') return 'Waiting to start';
  if (job.rowsTotal === null) return `${countOf(job.rowsDone, 'row', 'rows')} so far`;
  return `${formatCount(job.rowsDone)} of ${countOf(job.rowsTotal, 'row', 'rows')}`;
}

/** The share done in quarters (0, 25, 50, 75, 100), so that a screen reader hears few updates. */
function quarterDone(job: DataJob): number | null {
  if (job.rowsTotal === null || job.rowsTotal === 0) return null;
  return Math.floor((job.rowsDone / job.rowsTotal) * 4) * 25;
}

/** What an import's or export's end means, in a sentence. */
export function outcomeText(job: DataJob): string {
  const name = JOB_KIND_LABELS[job.kind].toLowerCase();
  if (job.state === 'failed') return `The ${name} job failed. ${job.error ?? ''}`.trim();
  if (!isImportKind(job.kind)) {
    return `The export is ready: ${countOf(job.rowsDone, 'item', 'items')}.`;
  }
  const refused = countOf(job.rowsRefused, 'row was', 'rows were');
  if (!job.applied) {
    return `Nothing was changed: ${refused} refused. Correct them and import the file again, or import the valid rows only.`;
  }
  return `The import is done: ${countOf(job.rowsDone, 'row', 'rows')} read, ${refused} refused.`;
}

/**
 * What a screen reader is told, politely: the start, each quarter of the rows, and the end;
 * the bar and its figures change more often without being announced.
 */
export function announcement(job: DataJob): string {
  const name = isImportKind(job.kind) ? 'import' : 'export';
  if (job.state === 'queued') return `The ${name} is waiting to start.`;
  if (job.state === 'running') {
    const quarter = quarterDone(job);
    return quarter === null ? `The ${name} is running.` : `The ${name} is ${quarter}% done.`;
  }
  return outcomeText(job);
}

/** A job's bar (a native progress element) and its figures. */
export function JobProgress({ job, label }: { job: DataJob; label: string }) {
  const known = job.rowsTotal !== null && job.state !== 'queued';
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {known ? (
        <progress aria-label={label} value={job.rowsDone} max={Math.max(job.rowsTotal ?? 1, 1)} />
      ) : (
        <progress aria-label={label} />
      )}
      <span>{progressText(job)}</span>
    </div>
  );
}

/** The link to a job's file: an import's report of refused rows, or the export itself. */
export function JobFileLink({ job }: { job: DataJob }) {
  if (!job.hasFile) return null;
  const text = isImportKind(job.kind)
    ? 'Download the report of refused rows (CSV)'
    : `Download ${JOB_KIND_LABELS[job.kind].replace(/^Claims/, 'the claims').replace(/^Documents/, 'the documents')}`;
  return (
    <a href={dataJobFilePath(job.id)} download>
      {text}
    </a>
  );
}
