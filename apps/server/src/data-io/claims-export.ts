import { rm } from 'node:fs/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
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
import {
  FromNode,
  SelectQueryNode,
  sql,
  SqliteAdapter,
  TableNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { countMatching, filtered } from '../admin/claims/claim-queue';
import { FILED } from '../admin/claims/claim-history';
import { ClaimReader } from '../admin/claims/claim-sections';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import type { StoredModel } from '../services/submission-check';
import { workFile } from './data-file-store';
import { Pacer, type DataIoContext, type ProgressListener } from './data-io-context';
import { JobProgress, updateDataJob } from './data-jobs';
import { FileWriter } from './file-writer';

/**
 * Claims exported as CSV or JSONL (docs/behaviour.md#data-in-and-out): one row per claim, its
 * status, status history and fraud assessment, then each field of its claimant, claim-details
 * and signature models under the case's label in the chosen culture. Payout destinations are
 * masked (import-rows.ts maskPayoutValue); CSV cells a spreadsheet would run as formulas are
 * escaped. Claims are read a batch at a time in filing order (keyset pagination) and written
 * as they come.
 *
 * Memory: what an export holds at once is bounded whatever its size.
 * - Rows: one batch (BATCH_SIZE), and on PostgreSQL the next one being read.
 * - Output: lines are gathered into pieces of at most WRITE_SIZE characters, each written
 *   before the next is begun and waiting whenever the disk is behind (FileWriter). A piece
 *   stays below V8's large-object size; a batch's text in one string would be a large object,
 *   which only a full collection frees.
 * - Garbage that only a full collection frees: V8's JSON.parse keeps every string value of up
 *   to 10 characters in its string table (in the old generation, the table itself outside the
 *   heap), so each distinct short value of a claim's models stays after the claim is written;
 *   and rows that wait across the awaits of a batch (on PostgreSQL, its reading and its
 *   history's) outlive two young-generation collections and are moved to the old generation.
 *   V8 runs a full collection only once the old generation reaches a limit that grows with
 *   the machine's memory, so an export of a million claims would otherwise grow the process
 *   by hundreds of megabytes before V8 reclaims any of it. HeapBudget asks for a full
 *   collection whenever the old generation and the string table have grown by
 *   HEAP_BUDGET_BYTES since the last one, which bounds that growth; each collection takes some
 *   tens of milliseconds.
 */

export type ClaimsFormat = 'csv' | 'jsonl';

export interface ClaimsExportInput {
  filters: ExportFilters;
  culture?: string;
}

const BATCH_SIZE = 500;
/** Characters of output gathered before they are written: under V8's large-object size. */
const WRITE_SIZE = 32 * 1024;
/** Growth of the old generation and the string table after which a full collection is run. */
export const HEAP_BUDGET_BYTES = 16 * 1024 * 1024;

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

/**
 * SQLite reads the claims of a batch through claims_filed (INDEXED BY), whatever the filters:
 * a batch is then a range of that index, read until the batch is full, and an export reads the
 * index once. Left to itself, SQLite's planner (without statistics) takes a form type or status
 * index for an IN list and sorts every claim after the batch's start, once per batch.
 * PostgreSQL plans from its statistics.
 */
class ReadInFilingOrder implements KyselyPlugin {
  private readonly from = sql`${sql.table('claims')} indexed by ${sql.id('claims_filed')}`;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || node.from === undefined) return node;
    const [first, ...others] = node.from.froms;
    if (first === undefined || !TableNode.is(first) || first.table.identifier.name !== 'claims') {
      return node;
    }
    return {
      ...node,
      from: FromNode.create([this.from.toOperationNode(), ...others]),
    };
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const readInFilingOrder = new ReadInFilingOrder();

/**
 * Claims matching the filters, a batch at a time in filing order (keyset pagination). On
 * PostgreSQL the next batch is asked for as soon as this one is read, so that the database
 * finds it while this one is written; SQLite answers in the same thread, so it is asked for
 * when needed (a batch read ahead would only live longer in memory).
 */
export async function* filteredClaims(
  db: Kysely<Database>,
  filters: ExportFilters,
  timeZone: string,
  batchSize: number = BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const batchAfter = (after: ExportRow | undefined): Promise<ExportRow[]> => {
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
      const { created_at: at, id } = after;
      query = query.where((eb) =>
        eb(eb.refTuple('claims.created_at', 'claims.id'), '>', eb.tuple(at, id)),
      );
    }
    if (sqlite) query = query.withPlugin(readInFilingOrder);
    return query.orderBy('claims.created_at').orderBy('claims.id').limit(batchSize).execute();
  };
  let next = batchAfter(undefined);
  for (;;) {
    const rows = await next;
    const full = rows.length === batchSize;
    const last = rows[rows.length - 1];
    if (full && !sqlite) {
      next = batchAfter(last);
      // Awaited on the next turn; left unread when the export stops early.
      next.catch(() => undefined);
    }
    if (rows.length > 0) yield rows;
    if (!full) return;
    if (sqlite) next = batchAfter(last);
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

/** Writes a claim's cells as one JSON object per line, its keys the headers in their order. */
function jsonLines(headers: readonly string[]): (cells: readonly (string | null)[]) => string {
  const keys = headers.map((header, i) => `${i === 0 ? '{' : ','}${JSON.stringify(header)}:`);
  return (cells) => {
    let line = '';
    for (let i = 0; i < keys.length; i += 1) {
      const cell = cells[i];
      line += keys[i] + (cell === null || cell === undefined ? 'null' : JSON.stringify(cell));
    }
    return `${line}}\n`;
  };
}

/** The garbage collector's full collection, or null where the process does not offer it. */
let fullCollection: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (fullCollection !== undefined) return fullCollection;
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') {
    fullCollection = exposed as () => void;
    return fullCollection;
  }
  // V8 offers gc() to the contexts made while --expose-gc is set: one is made, the function
  // kept, and the flag set back, so that no other context sees it.
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    fullCollection = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    fullCollection = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return fullCollection;
}

/**
 * Bytes that only a full collection frees: those in use in V8's old generation (every space
 * but the young generation's) and V8's memory outside the heap, its string table among them.
 */
function oldGenerationBytes(): number {
  let bytes = v8.getHeapStatistics().malloced_memory;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (!space.space_name.startsWith('new_')) bytes += space.space_used_size;
  }
  return bytes;
}

/**
 * Keeps the old generation and V8's memory outside the heap within `budget` bytes of their
 * size after the last full collection, asking for one when they have grown past that (see the
 * note on memory at the top of this file).
 */
export class HeapBudget {
  collections = 0;
  private readonly collect = collector();
  private floor = oldGenerationBytes();

  constructor(private readonly budget: number = HEAP_BUDGET_BYTES) {}

  /** Called between two batches; collects when the budget is spent. */
  check(): void {
    if (this.collect === null || oldGenerationBytes() - this.floor < this.budget) return;
    this.collect();
    this.collections += 1;
    this.floor = oldGenerationBytes();
  }
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
  const name = `${jobId}.${format}`;
  const file = await workFile(context.dataDir, name);
  const total = await countMatching(db, input.filters, claimsCase.projectTimeZone);
  await updateDataJob(db, jobId, { state: 'running', rows_done: 0, rows_total: total });
  const progress = new JobProgress(db, jobId);
  const pacer = new Pacer(context.serving);
  const line = format === 'csv' ? csvLine : jsonLines(headers);
  const writer = new FileWriter(file);
  const heap = new HeapBudget();
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
        text += line(cellsOf(row, histories.get(row.id), columns, reader));
        if (text.length >= WRITE_SIZE) {
          await writer.write(text);
          text = '';
        }
        if (pacer.due) await pacer.pause();
      }
      if (text !== '') await writer.write(text);
      heap.check();
      done += batch.length;
      await progress.record({ rows_done: done });
      onProgress(done, total);
      await pacer.pace();
    }
    await writer.close();
    await context.files.keep(name, file);
  } finally {
    await writer.close();
    await rm(file, { force: true });
  }
  await updateDataJob(db, jobId, {
    state: 'done',
    rows_done: done,
    rows_total: done,
    output_file: context.files.locate(name),
    finished_at: context.now().toISOString(),
  });
}
