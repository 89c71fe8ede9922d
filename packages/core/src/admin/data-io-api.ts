import { z } from 'zod';
import { FRAUD_DECISIONS } from '../fraud/score';
import { CLAIM_STATUSES } from '../lifecycle/transitions';
import { ADMIN_API_BASE, CLAIM_FORM_TYPES, type AdminEndpoint } from './admin-api';

/**
 * The admin API's imports and exports (docs/behaviour.md#data-in-and-out): each runs as a job
 * the server keeps in data_jobs, whose progress the console polls and whose report or file is
 * downloaded once it is done. Supervisors only: imports need `data:import`, exports and their
 * files `data:export`.
 */

/** What a data job does. */
export const DATA_JOB_KINDS = [
  'class-list',
  'vehicle-list',
  'payout-results',
  'claims-csv',
  'claims-jsonl',
  'documents-zip',
] as const;
export type DataJobKind = (typeof DATA_JOB_KINDS)[number];

export const IMPORT_KINDS = ['class-list', 'vehicle-list', 'payout-results'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const EXPORT_KINDS = ['claims-csv', 'claims-jsonl', 'documents-zip'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isImportKind(kind: DataJobKind): kind is ImportKind {
  return (IMPORT_KINDS as readonly string[]).includes(kind);
}

/**
 * How an import treats refused rows: `all-or-nothing` changes nothing when any row is refused;
 * `valid-only` loads the valid rows and reports the others. Either way the report lists every
 * refused row.
 */
export const IMPORT_MODES = ['all-or-nothing', 'valid-only'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** `done` also for an all-or-nothing import that refused rows: `applied` says it changed nothing. */
export const DATA_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type DataJobState = (typeof DATA_JOB_STATES)[number];

const isoDate = z.iso.date();

/** The claims an export takes: every filter optional; dates are filing days in the case's zone. */
export const exportFiltersSchema = z.object({
  status: z.array(z.enum(CLAIM_STATUSES)).optional(),
  formType: z.array(z.enum(CLAIM_FORM_TYPES)).optional(),
  fraud: z.array(z.enum(FRAUD_DECISIONS)).optional(),
  filedFrom: isoDate.optional(),
  filedTo: isoDate.optional(),
});
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

/** POST /admin/api/data/exports */
export const startExportRequestSchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  filters: exportFiltersSchema.default({}),
  /** The culture whose field labels name the columns; the case's default when absent. */
  culture: z.string().min(2).max(20).optional(),
});
export type StartExportRequest = z.input<typeof startExportRequestSchema>;

/** POST /admin/api/data/imports?kind=…&mode=…, the CSV as a multipart file part. */
export const startImportQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  mode: z.enum(IMPORT_MODES).default('all-or-nothing'),
});
export type StartImportQuery = z.input<typeof startImportQuerySchema>;

export const dataJobSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(DATA_JOB_KINDS),
  state: z.enum(DATA_JOB_STATES),
  /** Imports only. */
  mode: z.enum(IMPORT_MODES).nullable(),
  /** Rows (or claims, or documents) handled so far. */
  rowsDone: z.number().int().min(0),
  /** How many there are, counted before the work starts; null until known. */
  rowsTotal: z.number().int().min(0).nullable(),
  /** Imports: the rows refused, each listed in the report. */
  rowsRefused: z.number().int().min(0),
  /** Imports: whether the valid rows were loaded (false for an all-or-nothing import with refusals). */
  applied: z.boolean(),
  /** Why a failed job failed. */
  error: z.string().nullable(),
  /** Whether a file can be downloaded: an import's report, an export's file. */
  hasFile: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DataJob = z.infer<typeof dataJobSchema>;

export const dataJobsResponseSchema = z.object({ items: z.array(dataJobSchema) });
export type DataJobsResponse = z.infer<typeof dataJobsResponseSchema>;

/** The columns of an import's report of refused rows. */
export const IMPORT_REPORT_COLUMNS = ['line', 'column', 'problem'] as const;

export const DATA_IO_PATHS = {
  jobs: `${ADMIN_API_BASE}/data/jobs`,
  imports: `${ADMIN_API_BASE}/data/imports`,
  exports: `${ADMIN_API_BASE}/data/exports`,
} as const;

export function dataJobPath(id: string): string {
  return `${DATA_IO_PATHS.jobs}/${encodeURIComponent(id)}`;
}

/** The job's file: an import's report (CSV) or an export (CSV, JSONL or ZIP). */
export function dataJobFilePath(id: string): string {
  return `${dataJobPath(id)}/file`;
}

export const DATA_IO_ENDPOINTS = {
  dataJobs: {
    method: 'GET',
    path: DATA_IO_PATHS.jobs,
    access: 'data:export',
    response: dataJobsResponseSchema,
  },
  dataJob: {
    method: 'GET',
    path: `${DATA_IO_PATHS.jobs}/:jobId`,
    access: 'data:export',
    response: dataJobSchema,
  },
  dataJobFile: { method: 'GET', path: `${DATA_IO_PATHS.jobs}/:jobId/file`, access: 'data:export' },
  startImport: {
    method: 'POST',
    path: DATA_IO_PATHS.imports,
    access: 'data:import',
    query: startImportQuerySchema,
    response: dataJobSchema,
  },
  startExport: {
    method: 'POST',
    path: DATA_IO_PATHS.exports,
    access: 'data:export',
    body: startExportRequestSchema,
    response: dataJobSchema,
  },
} as const satisfies Record<string, AdminEndpoint>;
