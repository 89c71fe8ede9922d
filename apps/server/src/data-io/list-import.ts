import { rm } from 'node:fs/promises';
import {
  classListRowProblems,
  NOTICE_ID_COLUMN,
  PIN_COLUMN,
  vehicleRowProblems,
  VIN_COLUMN,
  type RowProblem,
} from '@claims/core/admin/import-rows';
import type { ImportMode } from '@claims/core/admin/data-io-api';
import { normalizeVin } from '@claims/core/vin';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { FormType } from '@claims/core/form-types';
import { hashPin, normalizeNoticeId } from '../case/import-class-list';
import type { Database } from '../db/schema';
import { runOnce } from '../jobs/job-effects';
import { caseFieldProblems } from './case-field-rules';
import { countLines, readCsvRows } from './csv-rows';
import { Pacer, type DataIoContext, type ProgressListener } from './data-io-context';
import { workFile } from './data-file-store';
import { JobProgress, updateDataJob } from './data-jobs';
import { ImportReport } from './file-writer';

/**
 * Class and vehicle lists imported while claimants sign in (docs/behaviour.md#data-in-and-out):
 * the file is read as a stream, each row checked (import-rows.ts) and the valid ones written to
 * list_staging a batch at a time, the job paced so that requests keep most of the event loop
 * (data-io-context.ts Pacer); duplicates are found by the staging table's key. Staged rows are
 * committed without waiting for the disk: a job run again starts over and stages them anew.
 * Then, unless the import is all-or-nothing and refused a row, one statement merges the staged
 * rows into the live table in one transaction: a sign-in sees the list before or after, never
 * half of it. The merge is recorded under the data job's id, so a run again after a crash
 * merges nothing twice. Listed members are added or updated; none is removed (the case
 * folder's list, read at start-up, is the one that replaces).
 */

export type ListKind = 'class-list' | 'vehicle-list';

/** Rows staged per statement. */
const BATCH_SIZE = 500;
/** Staged rows forgotten per statement once the list is merged. */
const CLEAR_BATCH_SIZE = 2000;

interface StagedRow {
  line: number;
  key: string;
  pin_hash: string | null;
  data: string;
}

interface ListRules {
  keyColumn: string;
  table: 'class_members' | 'vehicles';
  problems(values: Record<string, string>): RowProblem[];
  stage(values: Record<string, string>, line: number): StagedRow;
}

function dataOf(values: Record<string, string>, omit: readonly string[]): string {
  const data: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    if (!omit.includes(column)) data[column] = value;
  }
  return JSON.stringify(data);
}

/**
 * The import's own rules first; where a column passes them, the case's rules for the field
 * (case-field-rules.ts).
 */
function withCaseRules(
  context: DataIoContext,
  formType: FormType,
  own: (values: Record<string, string>) => RowProblem[],
  columns: readonly string[],
): (values: Record<string, string>) => RowProblem[] {
  return (values) => {
    const problems = own(values);
    const unchecked = columns.filter((column) => !problems.some((p) => p.column === column));
    const now = context.now();
    return [
      ...problems,
      ...caseFieldProblems(context.claimsCase, formType, values, unchecked, now),
    ];
  };
}

function rulesOf(kind: ListKind, context: DataIoContext): ListRules {
  const pepper = context.pinPepper;
  if (kind === 'class-list') {
    return {
      keyColumn: NOTICE_ID_COLUMN,
      table: 'class_members',
      problems: withCaseRules(context, 'Standard', classListRowProblems, [
        NOTICE_ID_COLUMN,
        PIN_COLUMN,
      ]),
      stage: (values, line) => {
        const key = normalizeNoticeId(values[NOTICE_ID_COLUMN] ?? '');
        return {
          line,
          key,
          pin_hash: hashPin(pepper, key, values[PIN_COLUMN] ?? ''),
          data: dataOf(values, [NOTICE_ID_COLUMN, PIN_COLUMN]),
        };
      },
    };
  }
  return {
    keyColumn: VIN_COLUMN,
    table: 'vehicles',
    problems: withCaseRules(context, 'Automotive', vehicleRowProblems, [VIN_COLUMN]),
    stage: (values, line) => ({
      line,
      key: normalizeVin(values[VIN_COLUMN] ?? ''),
      pin_hash: null,
      data: dataOf(values, [VIN_COLUMN]),
    }),
  };
}

/**
 * Stages a batch; returns the rows refused as duplicates of an earlier row (of this batch or of
 * an earlier one), with that row's line.
 */
async function stageBatch(
  db: Kysely<Database>,
  jobId: string,
  batch: readonly StagedRow[],
): Promise<{ row: StagedRow; earlierLine: number }[]> {
  const first = new Map<string, StagedRow>();
  const duplicates: { row: StagedRow; earlierLine: number }[] = [];
  for (const row of batch) {
    const earlier = first.get(row.key);
    if (earlier === undefined) first.set(row.key, row);
    else duplicates.push({ row, earlierLine: earlier.line });
  }
  if (first.size === 0) return duplicates;
  const inserted = await db
    .insertInto('list_staging')
    .values([...first.values()].map((row) => ({ job_id: jobId, ...row })))
    .onConflict((conflict) => conflict.columns(['job_id', 'key']).doNothing())
    .returning('key')
    .execute();
  const insertedKeys = new Set(inserted.map((row) => row.key));
  const repeated = [...first.values()].filter((row) => !insertedKeys.has(row.key));
  if (repeated.length > 0) {
    const earlier = await db
      .selectFrom('list_staging')
      .select(['key', 'line'])
      .where('job_id', '=', jobId)
      .where(
        'key',
        'in',
        repeated.map((row) => row.key),
      )
      .execute();
    const lines = new Map(earlier.map((row) => [row.key, Number(row.line)]));
    for (const row of repeated) duplicates.push({ row, earlierLine: lines.get(row.key) ?? 0 });
  }
  return duplicates;
}

/** The staged rows into the live table, in one statement. */
async function mergeStaged(
  db: Kysely<Database>,
  jobId: string,
  table: ListRules['table'],
): Promise<void> {
  const staged = db.selectFrom('list_staging').where('job_id', '=', jobId);
  if (table === 'class_members') {
    await db
      .insertInto('class_members')
      .columns(['notice_id', 'pin_hash', 'data'])
      .expression(
        staged.select(['key', sql<string>`coalesce(pin_hash, '')`.as('pin_hash'), 'data']),
      )
      .onConflict((conflict) =>
        conflict.column('notice_id').doUpdateSet((eb) => ({
          pin_hash: eb.ref('excluded.pin_hash'),
          data: eb.ref('excluded.data'),
        })),
      )
      .execute();
    return;
  }
  await db
    .insertInto('vehicles')
    .columns(['vin', 'data'])
    .expression(staged.select(['key', 'data']))
    .onConflict((conflict) =>
      conflict.column('vin').doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })),
    )
    .execute();
}

/**
 * On PostgreSQL, refreshes the planner's statistics of the staging table once a list is
 * staged: a table that grew by a million rows since autovacuum last looked would otherwise be
 * planned as the small table it was, and the merge and the batched clearing below read it by
 * full scans. SQLite plans these statements by their indexes without statistics.
 */
async function analyzeStaging(db: Kysely<Database>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze list_staging`.execute(db);
  }
}

/** Forgets a job's staged rows, a batch at a time so no statement holds the database long. */
async function clearStaging(context: DataIoContext, jobId: string): Promise<void> {
  const pacer = new Pacer(context.serving);
  for (;;) {
    const cleared = await context.writeEphemeral(async (trx) => {
      const keys = await trx
        .selectFrom('list_staging')
        .select('key')
        .where('job_id', '=', jobId)
        .limit(CLEAR_BATCH_SIZE)
        .execute();
      if (keys.length === 0) return 0;
      await trx
        .deleteFrom('list_staging')
        .where('job_id', '=', jobId)
        .where(
          'key',
          'in',
          keys.map((row) => row.key),
        )
        .execute();
      return keys.length;
    });
    if (cleared === 0) return;
    await pacer.pace();
  }
}

export interface ListImportInput {
  file: string;
}

/** Runs a list import of the data job `jobId`; resumable: a second run starts it over. */
export async function runListImport(
  context: DataIoContext,
  jobId: string,
  kind: ListKind,
  mode: ImportMode,
  input: ListImportInput,
  onProgress: ProgressListener = () => undefined,
): Promise<void> {
  const { db } = context;
  const rules = rulesOf(kind, context);
  const total = Math.max((await countLines(input.file)) - 1, 0);
  const reportName = `${jobId}-report.csv`;
  const reportFile = await workFile(context.dataDir, reportName);
  let figures: { done: number; refused: number };
  try {
    figures = await importList(
      context,
      jobId,
      rules,
      mode,
      input.file,
      total,
      reportFile,
      onProgress,
    );
    await context.files.keep(reportName, reportFile);
  } finally {
    await rm(reportFile, { force: true });
  }
  await updateDataJob(db, jobId, {
    state: 'done',
    rows_done: figures.done,
    rows_total: figures.done,
    rows_refused: figures.refused,
    output_file: context.files.locate(reportName),
    finished_at: context.now().toISOString(),
  });
}

/**
 * Reads, checks and stages the list, writing the report to `reportFile`, then merges it;
 * answers the rows read and refused.
 */
async function importList(
  context: DataIoContext,
  jobId: string,
  rules: ListRules,
  mode: ImportMode,
  file: string,
  total: number,
  reportFile: string,
  onProgress: ProgressListener,
): Promise<{ done: number; refused: number }> {
  const { db } = context;
  await clearStaging(context, jobId);
  await updateDataJob(db, jobId, { state: 'running', rows_done: 0, rows_total: total });
  const report = new ImportReport(reportFile);
  await report.open();
  const progress = new JobProgress(db, jobId);
  const pacer = new Pacer(context.serving);
  let done = 0;
  let batch: StagedRow[] = [];
  /** The batch's refused rows, reported in line order once its duplicates are known. */
  let refusals: { line: number; problems: RowProblem[] }[] = [];
  const flush = async () => {
    const staged = batch;
    const duplicates = await context.writeEphemeral((trx) => stageBatch(trx, jobId, staged));
    for (const { row, earlierLine } of duplicates) {
      const problem = `${rules.keyColumn} "${row.key}" already appears on line ${earlierLine}`;
      refusals.push({ line: row.line, problems: [{ column: rules.keyColumn, problem }] });
    }
    refusals.sort((a, b) => a.line - b.line);
    for (const { line, problems } of refusals) await report.refuse(line, problems);
    batch = [];
    refusals = [];
    await progress.record({ rows_done: done, rows_refused: report.refused });
    onProgress(done, total);
  };
  try {
    for await (const row of readCsvRows(file, [rules.keyColumn])) {
      done += 1;
      const problems = rules.problems(row.values);
      if (problems.length > 0) refusals.push({ line: row.line, problems });
      else batch.push(rules.stage(row.values, row.line));
      if (batch.length === BATCH_SIZE || done % BATCH_SIZE === 0) await flush();
      await pacer.pace();
    }
    await flush();
  } catch (error) {
    // A file that cannot be read leaves nothing staged.
    await clearStaging(context, jobId);
    throw error;
  } finally {
    await report.close();
  }
  await analyzeStaging(db);
  const apply = mode === 'valid-only' || report.refused === 0;
  if (apply) {
    await runOnce(db, `data-job:${jobId}:merge`, async (trx) => {
      await mergeStaged(trx, jobId, rules.table);
      await updateDataJob(trx, jobId, { applied: 1 });
    });
  }
  await clearStaging(context, jobId);
  return { done, refused: report.refused };
}
