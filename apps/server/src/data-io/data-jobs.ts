import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type {
  DataJob,
  DataJobKind,
  DataJobState,
  ImportMode,
} from '@claims/core/admin/data-io-api';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DataJobTable } from '../db/schema';

/** The data_jobs rows: one per import or export, with its progress and its outcome. */

export type DataJobRow = Selectable<DataJobTable>;

export interface NewDataJob {
  kind: DataJobKind;
  mode: ImportMode | null;
  input: object;
  createdBy: string | null;
}

/** How many jobs the list shows, newest first. */
const LISTED_JOBS = 50;

export async function createDataJob(
  db: Kysely<Database>,
  job: NewDataJob,
  at: Date,
): Promise<DataJobRow> {
  const row: DataJobRow = {
    id: randomUUID(),
    kind: job.kind,
    state: 'queued',
    mode: job.mode,
    input: JSON.stringify(job.input),
    rows_done: 0,
    rows_total: null,
    rows_refused: 0,
    applied: 0,
    output_file: null,
    error: null,
    created_by: job.createdBy,
    created_at: at.toISOString(),
    finished_at: null,
  };
  await db.insertInto('data_jobs').values(row).execute();
  return row;
}

export async function findDataJob(
  db: Kysely<Database>,
  id: string,
): Promise<DataJobRow | undefined> {
  return db.selectFrom('data_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDataJobs(db: Kysely<Database>): Promise<DataJobRow[]> {
  return db
    .selectFrom('data_jobs')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(LISTED_JOBS)
    .execute();
}

export type DataJobChange = Partial<
  Pick<
    DataJobRow,
    | 'state'
    | 'rows_done'
    | 'rows_total'
    | 'rows_refused'
    | 'applied'
    | 'output_file'
    | 'error'
    | 'finished_at'
  >
>;

export async function updateDataJob(
  db: Kysely<Database>,
  id: string,
  change: DataJobChange,
): Promise<void> {
  await db.updateTable('data_jobs').set(change).where('id', '=', id).execute();
}

/** How often a running job's progress is written to its row: each write is a commit. */
const PROGRESS_INTERVAL_MS = 1000;

/**
 * A running job's progress, written to its row at most once a second (the first time at
 * once), so that a job of a million rows commits its progress tens of times, not thousands.
 * The job's last write (done or failed) carries its final figures.
 */
export class JobProgress {
  private writtenAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly id: string,
  ) {}

  async record(change: DataJobChange): Promise<void> {
    const now = performance.now();
    if (now - this.writtenAt < PROGRESS_INTERVAL_MS) return;
    this.writtenAt = now;
    await updateDataJob(this.db, this.id, change);
  }
}

export function toDataJob(row: DataJobRow): DataJob {
  return {
    id: row.id,
    kind: row.kind as DataJobKind,
    state: row.state as DataJobState,
    mode: row.mode as ImportMode | null,
    rowsDone: Number(row.rows_done),
    rowsTotal: row.rows_total === null ? null : Number(row.rows_total),
    rowsRefused: Number(row.rows_refused),
    applied: Number(row.applied) === 1,
    error: row.error,
    hasFile: row.output_file !== null && row.state === 'done',
    createdBy: row.created_by,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
