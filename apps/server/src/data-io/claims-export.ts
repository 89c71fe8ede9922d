import path from 'node:path';
import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import { csvLine } from '@claims/core/admin/audit-csv';
import type { ExportFilters } from '@claims/core/admin/data-io-api';
import { maskPayoutValue } from '@claims/core/admin/import-rows';
import type { FieldConfig } from '@claims/core/case/field-config';
import type { FormType } from '@claims/core/form-types';
import {
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ROUTING_NUMBER_FIELD,
  VENMO_CONTACT_FIELD,
} from '@claims/core/payout/methods';
import type { Kysely } from 'kysely';
import { filtered } from '../admin/claims/claim-queue';
import { FILED } from '../admin/claims/claim-history';
import { ClaimReader } from '../admin/claims/claim-sections';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import type { StoredModel } from '../services/submission-check';
import {
  dataIoFolder,
  yieldToRequests,
  type DataIoContext,
  type ProgressListener,
} from './data-io-context';
import { updateDataJob } from './data-jobs';
import { FileWriter } from './file-writer';

/**
 * Claims exported as CSV or JSONL (docs/behaviour.md#data-in-and-out): one row per claim, its
 * status, status history and fraud assessment, then each field of its claimant, claim-details
 * and signature models under the case's label in the chosen culture. Payout destinations are
 * masked (import-rows.ts maskPayoutValue); CSV cells a spreadsheet would run as formulas are
 * escaped. Claims are read a batch at a time in filing order (keyset pagination) and written
 * as they come, so an export of any size holds one batch in memory.
 */

export type ClaimsFormat = 'csv' | 'jsonl';

export interface ClaimsExportInput {
  filters: ExportFilters;
  culture?: string;
}

const BATCH_SIZE = 500;

/** The parts whose fields become columns: one model each per claim. */
const PARTS = [
  ['claimantInfo', 'ClaimantInfo'],
  ['claimDetails', 'ClaimDetails'],
  ['signature', 'Signature'],
] as const;

/** The payout destination fields, masked in exports; the method itself is shown. */
const PAYOUT_DESTINATIONS: ReadonlySet<string> = new Set([
  'paymentEmail',
  ROUTING_NUMBER_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  VENMO_CONTACT_FIELD,
]);

export const FIXED_COLUMNS = [
  'Reference',
  'Form type',
  'Status',
  'Filed at',
  'Cure by',
  'Appeal by',
  'Status history',
  'Fraud score',
  'Fraud decision',
  'Fraud reasons',
] as const;

interface FieldColumn {
  header: string;
  part: (typeof PARTS)[number][0];
  key: string;
  field: FieldConfig;
}

/** The field columns of the form types exported, in the forms' order, each once. */
export function fieldColumns(
  claimsCase: ClaimsCase,
  formTypes: readonly FormType[],
  culture: string,
): FieldColumn[] {
  const columns: FieldColumn[] = [];
  const seen = new Set<string>();
  const headers = new Set<string>(FIXED_COLUMNS);
  for (const formType of formTypes) {
    for (const [part, dtoMapping] of PARTS) {
      const config = claimsCase.modelConfig(formType, dtoMapping);
      for (const field of Object.values(config?.fields ?? {})) {
        const id = `${part}.${field.key}`;
        if (field.kind === 'hidden' || seen.has(id)) continue;
        seen.add(id);
        const label =
          field.label === '' ? field.key : (claimsCase.text(culture, field.label) ?? field.key);
        let header = label;
        for (let n = 2; headers.has(header); n += 1) header = `${label} (${n})`;
        headers.add(header);
        columns.push({ header, part, key: field.key, field });
      }
    }
  }
  return columns;
}

interface ExportRow {
  id: string;
  reference_code: string;
  form_type: string;
  status: string;
  created_at: string;
  cure_by: string | null;
  appeal_by: string | null;
  models: string;
  score: number | null;
  decision: string | null;
  deductions: string | null;
}

/** How many claims the filters match: the total an export's progress is measured against. */
export async function countMatching(
  db: Kysely<Database>,
  filters: ExportFilters,
  timeZone: string,
): Promise<number> {
  const counted = await filtered(db, filters, timeZone)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

/** Claims matching the filters, a batch at a time in filing order (keyset pagination). */
export async function* filteredClaims(
  db: Kysely<Database>,
  filters: ExportFilters,
  timeZone: string,
): AsyncGenerator<ExportRow[]> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    let query = filtered(db, filters, timeZone).select([
      'claims.id',
      'claims.reference_code',
      'claims.form_type',
      'claims.status',
      'claims.created_at',
      'claims.cure_by',
      'claims.appeal_by',
      'claims.models',
      'fraud.score',
      'fraud.decision',
      'fraud.deductions',
    ]);
    if (after !== undefined) {
      const { at, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('claims.created_at', '>', at),
          eb.and([eb('claims.created_at', '=', at), eb('claims.id', '>', id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('claims.created_at')
      .orderBy('claims.id')
      .limit(BATCH_SIZE)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1] as ExportRow;
    after = { at: last.created_at, id: last.id };
  }
}

/** Each claim's status changes as "<instant> <status>", oldest first, joined by "; ". */
async function historiesOf(
  db: Kysely<Database>,
  claimIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('claim_history')
    .select(['claim_id', 'at', 'to_status'])
    .where('claim_id', 'in', claimIds)
    .where('transition', '<>', FILED)
    .orderBy('claim_id')
    .orderBy('sequence')
    .execute();
  const histories = new Map<string, string[]>();
  for (const row of rows) {
    const list = histories.get(row.claim_id) ?? [];
    list.push(`${row.at} ${row.to_status}`);
    histories.set(row.claim_id, list);
  }
  return new Map([...histories].map(([id, list]) => [id, list.join('; ')]));
}

function reasonsOf(deductions: string | null): string | null {
  if (deductions === null) return null;
  const parsed = JSON.parse(deductions) as { code?: unknown }[];
  return parsed.map((deduction) => String(deduction.code)).join(', ');
}

function cellsOf(
  row: ExportRow,
  history: string | undefined,
  columns: readonly FieldColumn[],
  reader: ClaimReader,
): (string | null)[] {
  const models = JSON.parse(row.models) as Record<string, StoredModel | null>;
  const fields = columns.map(({ part, key, field }) => {
    const raw = models[part]?.fields[key];
    const value = reader.value(field, raw);
    return value !== null && PAYOUT_DESTINATIONS.has(key) ? maskPayoutValue(value) : value;
  });
  return [
    row.reference_code,
    row.form_type,
    row.status,
    row.created_at,
    row.cure_by,
    row.appeal_by,
    history ?? null,
    row.score === null ? null : String(row.score),
    row.decision,
    reasonsOf(row.deductions),
    ...fields,
  ];
}

function jsonLine(headers: readonly string[], cells: readonly (string | null)[]): string {
  return `${JSON.stringify(Object.fromEntries(headers.map((header, i) => [header, cells[i]])))}\n`;
}

export async function runClaimsExport(
  context: DataIoContext,
  jobId: string,
  format: ClaimsFormat,
  input: ClaimsExportInput,
  onProgress: ProgressListener = () => undefined,
): Promise<void> {
  const { db, claimsCase } = context;
  const culture = claimsCase.enabledCulture(input.culture) ?? claimsCase.defaultCulture;
  const formTypes = input.filters.formType?.length ? input.filters.formType : CLAIM_FORM_TYPES;
  const columns = fieldColumns(claimsCase, formTypes, culture);
  const headers = [...FIXED_COLUMNS, ...columns.map((column) => column.header)];
  const reader = new ClaimReader(claimsCase);
  const file = path.join(await dataIoFolder(context.dataDir), `${jobId}.${format}`);
  const total = await countMatching(db, input.filters, claimsCase.projectTimeZone);
  await updateDataJob(db, jobId, { state: 'running', rows_done: 0, rows_total: total });
  const writer = new FileWriter(file);
  let done = 0;
  try {
    if (format === 'csv') await writer.write(`\ufeff${csvLine(headers)}`);
    for await (const batch of filteredClaims(db, input.filters, claimsCase.projectTimeZone)) {
      const histories = await historiesOf(
        db,
        batch.map((row) => row.id),
      );
      let text = '';
      for (const row of batch) {
        const cells = cellsOf(row, histories.get(row.id), columns, reader);
        text += format === 'csv' ? csvLine(cells) : jsonLine(headers, cells);
      }
      await writer.write(text);
      done += batch.length;
      await updateDataJob(db, jobId, { rows_done: done });
      onProgress(done, total);
      await yieldToRequests();
    }
  } finally {
    await writer.close();
  }
  await updateDataJob(db, jobId, {
    state: 'done',
    rows_done: done,
    rows_total: done,
    output_file: file,
    finished_at: context.now().toISOString(),
  });
}
