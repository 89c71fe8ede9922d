import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { DataJobKind, ExportFilters, ImportMode } from '@claims/core/admin/data-io-api';
import { runClaimsExport } from './claims-export';
import { CsvError } from '../case/csv';
import type { DataIoContext, DataJobAuthor, ProgressListener } from './data-io-context';
import { DataFileNotFoundError, workFile } from './data-file-store';
import { findDataJob, updateDataJob, type DataJobRow } from './data-jobs';
import { runDocumentsExport } from './documents-export';
import { runListImport, type ListKind } from './list-import';
import { runPayoutImport } from './payout-import';

/** What a data job's `input` holds, by kind. */
export interface DataJobInput {
  /** Imports from the console: the uploaded CSV's name in the data files (data-file-store.ts). */
  upload?: string;
  /** Imports from the command line: the CSV's path on this machine. */
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
 * supervisor; any other error is thrown for the queue to retry. Once the job is done or
 * failed, its upload is removed from the data files.
 */
export async function runDataJob(
  context: DataIoContext,
  id: string,
  onProgress?: ProgressListener,
): Promise<void> {
  const job = await findDataJob(context.db, id);
  if (job === undefined) return;
  const input = JSON.parse(job.input) as DataJobInput;
  if (job.state !== 'done' && job.state !== 'failed') {
    try {
      await run(context, job, input, onProgress);
    } catch (error) {
      if (!(error instanceof CsvError) && !(error instanceof DataFileNotFoundError)) throw error;
      await updateDataJob(context.db, id, {
        state: 'failed',
        error:
          error instanceof CsvError
            ? `The file cannot be imported: ${error.message}.`
            : 'The uploaded file is no longer kept: import it again.',
        finished_at: context.now().toISOString(),
      });
    }
  }
  if (input.upload !== undefined) await context.files.remove(input.upload);
}

/** Removes the upload of the data job `id`, which failed for good. */
export async function discardUpload(context: DataIoContext, id: string): Promise<void> {
  const job = await findDataJob(context.db, id);
  const { upload } = JSON.parse(job?.input ?? '{}') as Partial<DataJobInput>;
  if (upload !== undefined) await context.files.remove(upload);
}

/**
 * Runs `use` on the import's CSV on this machine's disk, where it is read more than once: an
 * upload is first copied down from the data files, and that copy removed afterwards.
 */
async function withImportFile(
  context: DataIoContext,
  input: DataJobInput,
  use: (file: string) => Promise<void>,
): Promise<void> {
  if (input.upload === undefined) return use(input.file ?? '');
  const file = await workFile(context.dataDir, input.upload);
  try {
    await pipeline(await context.files.openRead(input.upload), createWriteStream(file));
    await use(file);
  } finally {
    await rm(file, { force: true });
  }
}

async function run(
  context: DataIoContext,
  job: DataJobRow,
  input: DataJobInput,
  onProgress: ProgressListener | undefined,
): Promise<void> {
  const { id } = job;
  const mode = (job.mode ?? 'all-or-nothing') as ImportMode;
  const exportInput = {
    filters: input.filters ?? {},
    ...(input.culture === undefined ? {} : { culture: input.culture }),
  };
  switch (job.kind as DataJobKind) {
    case 'class-list':
    case 'vehicle-list':
      return withImportFile(context, input, (file) =>
        runListImport(context, id, job.kind as ListKind, mode, { file }, onProgress),
      );
    case 'payout-results':
      return withImportFile(context, input, (file) =>
        runPayoutImport(context, id, mode, { file, author: input.author }, onProgress),
      );
    case 'claims-csv':
      return runClaimsExport(context, id, 'csv', exportInput, onProgress);
    case 'claims-jsonl':
      return runClaimsExport(context, id, 'jsonl', exportInput, onProgress);
    case 'documents-zip':
      return runDocumentsExport(context, id, exportInput, onProgress);
  }
}
