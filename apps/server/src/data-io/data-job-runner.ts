import type { DataJobKind, ExportFilters, ImportMode } from '@claims/core/admin/data-io-api';
import { runClaimsExport } from './claims-export';
import { CsvError } from '../case/csv';
import type { DataIoContext, DataJobAuthor, ProgressListener } from './data-io-context';
import { findDataJob, updateDataJob } from './data-jobs';
import { runDocumentsExport } from './documents-export';
import { runListImport, type ListKind } from './list-import';
import { runPayoutImport } from './payout-import';

/** What a data job's `input` holds, by kind. */
export interface DataJobInput {
  /** Imports: the uploaded file. */
  file?: string;
  author: DataJobAuthor;
  /** Exports. */
  filters?: ExportFilters;
  culture?: string;
}

/** The queue job that runs a data job; its id is the data job's. */
export interface DataIoJobs {
  'data-job': { dataJobId: string };
}

/**
 * Runs the data job `id` from its start: a job run again (after a crash, or by the queue's
 * retry) starts over, and what it changed once is never changed twice (see each kind). A file
 * that cannot be read as CSV, or lacks a column, fails the job with the reason for the
 * supervisor; any other error is thrown for the queue to retry.
 */
export async function runDataJob(
  context: DataIoContext,
  id: string,
  onProgress?: ProgressListener,
): Promise<void> {
  const job = await findDataJob(context.db, id);
  if (job === undefined || job.state === 'done' || job.state === 'failed') return;
  const input = JSON.parse(job.input) as DataJobInput;
  const mode = (job.mode ?? 'all-or-nothing') as ImportMode;
  const exportInput = {
    filters: input.filters ?? {},
    ...(input.culture === undefined ? {} : { culture: input.culture }),
  };
  const file = input.file ?? '';
  try {
    switch (job.kind as DataJobKind) {
      case 'class-list':
      case 'vehicle-list':
        await runListImport(context, id, job.kind as ListKind, mode, { file }, onProgress);
        return;
      case 'payout-results':
        await runPayoutImport(context, id, mode, { file, author: input.author }, onProgress);
        return;
      case 'claims-csv':
        await runClaimsExport(context, id, 'csv', exportInput, onProgress);
        return;
      case 'claims-jsonl':
        await runClaimsExport(context, id, 'jsonl', exportInput, onProgress);
        return;
      case 'documents-zip':
        await runDocumentsExport(context, id, exportInput, onProgress);
        return;
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    await updateDataJob(context.db, id, {
      state: 'failed',
      error: `The file cannot be imported: ${error.message}.`,
      finished_at: context.now().toISOString(),
    });
  }
}
