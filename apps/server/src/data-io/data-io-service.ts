import type {
  ExportKind,
  ImportKind,
  ImportMode,
  StartExportRequest,
} from '@claims/core/admin/data-io-api';
import { exportFiltersSchema } from '@claims/core/admin/data-io-api';
import type { Kysely } from 'kysely';
import { writeAuditEvent } from '../admin/audit-log';
import type { Database } from '../db/schema';
import type { DataIoContext, DataJobAuthor } from './data-io-context';
import type { DataJobInput } from './data-job-runner';
import { createDataJob, type DataJobRow } from './data-jobs';

/**
 * Starting imports and exports: the data job, its audit row and, through `enqueue`, the queue
 * job that runs it, written in one transaction (the queue's outbox), so a job exists if and only
 * if it was recorded and audited.
 */

/** Stores the queue job of a data job, in the caller's transaction. */
export type EnqueueDataJob = (db: Kysely<Database>, dataJobId: string) => Promise<void>;

function describeFilters(input: DataJobInput): string {
  const filters = Object.entries(input.filters ?? {})
    .filter(([, value]) => value !== undefined && (!Array.isArray(value) || value.length > 0))
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`);
  return filters.length === 0 ? 'all claims' : filters.join('&');
}

export async function startImport(
  context: DataIoContext,
  enqueue: EnqueueDataJob,
  author: DataJobAuthor,
  request: {
    kind: ImportKind;
    mode: ImportMode;
    /** The CSV uploaded to the data files (the console)... */
    upload?: string;
    /** ...or its path on this machine (the command line). */
    file?: string;
    fileName: string;
  },
): Promise<DataJobRow> {
  return context.db.transaction().execute(async (trx) => {
    const input: DataJobInput =
      request.upload === undefined
        ? { file: request.file ?? '', author }
        : { upload: request.upload, author };
    const at = context.now();
    const job = await createDataJob(
      trx,
      { kind: request.kind, mode: request.mode, input, createdBy: author.email },
      at,
    );
    await writeAuditEvent(
      trx,
      {
        action: 'data_import_started',
        actorEmail: author.email,
        actorRole: author.role,
        ipAddress: author.ipAddress,
        details: `${request.kind} (${request.mode}) from ${request.fileName}; job ${job.id}`,
      },
      at,
    );
    await enqueue(trx, job.id);
    return job;
  });
}

export async function startExport(
  context: DataIoContext,
  enqueue: EnqueueDataJob,
  author: DataJobAuthor,
  request: { kind: ExportKind; filters: StartExportRequest['filters']; culture?: string },
): Promise<DataJobRow> {
  const filters = exportFiltersSchema.parse(request.filters ?? {});
  return context.db.transaction().execute(async (trx) => {
    const input: DataJobInput = {
      author,
      filters,
      ...(request.culture === undefined ? {} : { culture: request.culture }),
    };
    const at = context.now();
    const job = await createDataJob(
      trx,
      { kind: request.kind, mode: null, input, createdBy: author.email },
      at,
    );
    await writeAuditEvent(
      trx,
      {
        action: 'data_export_started',
        actorEmail: author.email,
        actorRole: author.role,
        ipAddress: author.ipAddress,
        details: `${request.kind} of ${describeFilters(input)}; job ${job.id}`,
      },
      at,
    );
    await enqueue(trx, job.id);
    return job;
  });
}
