import type { DataJob } from '@claims/core/admin/data-io-api';
import { formatInstant } from '../../lib/format';
import { IMPORT_MODE_LABELS, JOB_KIND_LABELS, JOB_STATE_LABELS } from './data-io-labels';
import { JobFileLink, JobProgress } from './job-progress';

/** Imports or exports, newest first: what, when, by whom, how far, and the file once done. */
export function JobTable({
  jobs,
  caption,
  timeZone,
}: {
  jobs: readonly DataJob[];
  caption: string;
  timeZone: string;
}) {
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">What</th>
            <th scope="col">By</th>
            <th scope="col">State</th>
            <th scope="col">Progress</th>
            <th scope="col">File</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <td>{formatInstant(job.createdAt, timeZone)}</td>
              <td>
                {JOB_KIND_LABELS[job.kind]}
                {job.mode === null ? null : (
                  <span className="d-block small text-body-secondary">
                    {IMPORT_MODE_LABELS[job.mode].split(':')[0]}
                  </span>
                )}
              </td>
              <td className="text-break">{job.createdBy ?? 'Command line'}</td>
              <td>
                {JOB_STATE_LABELS[job.state]}
                {job.state === 'failed' && job.error !== null ? (
                  <span className="d-block small">{job.error}</span>
                ) : null}
                {job.rowsRefused > 0 ? (
                  <span className="d-block small">{job.rowsRefused} refused</span>
                ) : null}
              </td>
              <td>
                <JobProgress job={job} label={`Progress of the ${JOB_KIND_LABELS[job.kind]} job`} />
              </td>
              <td>
                <JobFileLink job={job} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
