import { rm } from 'node:fs/promises';
import type { ImportMode } from '@claims/core/admin/data-io-api';
import {
  PAYOUT_TRANSITIONS,
  payoutRowProblems,
  type PayoutOutcome,
  type RowProblem,
} from '@claims/core/admin/import-rows';
import { applyTransition, type LifecycleEvent } from '@claims/core/lifecycle/apply-transition';
import { LifecycleError } from '@claims/core/lifecycle/transitions';
import { writeAuditEvent } from '../admin/audit-log';
import { caseLifecycle } from '../admin/claims/case-lifecycle';
import { recordTransition } from '../admin/claims/claim-history';
import { runOnce } from '../jobs/job-effects';
import type { CsvRow } from '../case/csv';
import { countLines, readCsvRows } from './csv-rows';
import { workFile } from './data-file-store';
import {
  yieldToRequests,
  type DataIoContext,
  type DataJobAuthor,
  type ProgressListener,
} from './data-io-context';
import { updateDataJob } from './data-jobs';
import { ImportReport } from './file-writer';

/**
 * The payer's results file (claim, amount, method, outcome) applied to the claims: `paid`
 * records the payment (approved → paid), `returned` a returned payment (paid →
 * payment_returned), `reissued` puts a returned payment back to approved. The lifecycle
 * (packages/core lifecycle) decides each change, made by the supervisor who started the
 * import, or by the system from the command line; each claim changes in its own transaction
 * with its history event and audit row, recorded under the data job's id and the row's line so
 * that a run again after a crash changes no claim twice. All-or-nothing checks every row first
 * and changes nothing when one is refused.
 */

export interface PayoutImportInput {
  file: string;
  author: DataJobAuthor;
}

interface PayoutRow {
  line: number;
  reference: string;
  outcome: PayoutOutcome;
  amount: string;
  method: string;
}

type Checked = { row: PayoutRow; claimId: string; event: LifecycleEvent } | RowProblem[];

function payoutRowOf(row: CsvRow): PayoutRow {
  return {
    line: row.line,
    reference: (row.values.claim ?? '').trim().toUpperCase(),
    outcome: (row.values.outcome ?? '').trim().toLowerCase() as PayoutOutcome,
    amount: (row.values.amount ?? '').trim(),
    method: (row.values.method ?? '').trim(),
  };
}

async function check(context: DataIoContext, author: DataJobAuthor, row: CsvRow): Promise<Checked> {
  const problems = payoutRowProblems(row.values);
  if (problems.length > 0) return problems;
  const payout = payoutRowOf(row);
  const claim = await context.db
    .selectFrom('claims')
    .select(['id', 'status', 'cure_by', 'appeal_by'])
    .where('reference_code', '=', payout.reference)
    .executeTakeFirst();
  if (claim === undefined) {
    return [{ column: 'claim', problem: `no claim has the reference "${payout.reference}"` }];
  }
  const lifecycle = caseLifecycle(context.claimsCase);
  try {
    const { event } = applyTransition(PAYOUT_TRANSITIONS[payout.outcome], {
      claim: { status: claim.status, cureBy: claim.cure_by, appealBy: claim.appeal_by },
      actor: author.role === 'supervisor' ? 'supervisor' : 'system',
      at: context.now(),
      note: `payer's results: ${payout.outcome}, ${payout.amount} by ${payout.method}`,
      settings: lifecycle.settings,
      timeZone: lifecycle.timeZone,
    });
    return { row: payout, claimId: claim.id, event };
  } catch (error) {
    if (!(error instanceof LifecycleError)) throw error;
    return [{ column: 'outcome', problem: `the claim is ${claim.status}: ${error.message}` }];
  }
}

/** Applies one checked row; false when the claim moved on since it was checked. */
async function apply(
  context: DataIoContext,
  jobId: string,
  author: DataJobAuthor,
  checked: Exclude<Checked, RowProblem[]>,
): Promise<boolean> {
  let moved = false;
  await runOnce(context.db, lineKey(jobId, checked.row.line), async (trx) => {
    const by = { actor: checked.event.actor, accountId: null, email: author.email };
    if (!(await recordTransition(trx, checked.claimId, checked.event, by))) {
      moved = true;
      throw new MovedOn();
    }
    await writeAuditEvent(
      trx,
      {
        action: 'payout_results_applied',
        actorEmail: author.email,
        actorRole: author.role,
        claimReference: checked.row.reference,
        ipAddress: author.ipAddress,
        details: `${checked.event.transition}: ${checked.event.from} to ${checked.event.to}; ${checked.row.amount} by ${checked.row.method}; import ${jobId}`,
      },
      new Date(checked.event.at),
    );
  }).catch((error: unknown) => {
    if (!(error instanceof MovedOn)) throw error;
  });
  return !moved;
}

class MovedOn extends Error {}

function lineKey(jobId: string, line: number): string {
  return `data-job:${jobId}:line:${line}`;
}

async function isApplied(context: DataIoContext, key: string): Promise<boolean> {
  const recorded = await context.db
    .selectFrom('job_effects')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst();
  return recorded !== undefined;
}

/**
 * One pass over the file: every row checked, and applied when `applying`; the report lists
 * every refusal of this pass. Returns the rows refused.
 */
async function pass(
  context: DataIoContext,
  jobId: string,
  input: PayoutImportInput,
  reportFile: string,
  applying: boolean,
  onProgress: ProgressListener,
  total: number,
): Promise<number> {
  const report = new ImportReport(reportFile);
  await report.open();
  const seen = new Map<string, number>();
  let done = 0;
  try {
    for await (const row of readCsvRows(input.file, ['claim', 'amount', 'method', 'outcome'])) {
      done += 1;
      const reference = (row.values.claim ?? '').trim().toUpperCase();
      const earlier = seen.get(reference);
      if (reference !== '') seen.set(reference, earlier ?? row.line);
      // Applied by an earlier run of this job, which a crash interrupted.
      if (applying && (await isApplied(context, lineKey(jobId, row.line)))) continue;
      const checked = await check(context, input.author, row);
      if (earlier !== undefined) {
        await report.refuse(row.line, [
          { column: 'claim', problem: `claim "${reference}" already appears on line ${earlier}` },
        ]);
      } else if (Array.isArray(checked)) {
        await report.refuse(row.line, checked);
      } else if (applying && !(await apply(context, jobId, input.author, checked))) {
        await report.refuse(row.line, [
          { column: 'claim', problem: 'the claim changed status while the file was applied' },
        ]);
      }
      if (done % 100 === 0) {
        await updateDataJob(context.db, jobId, { rows_done: done, rows_refused: report.refused });
        onProgress(done, total);
        await yieldToRequests();
      }
    }
  } finally {
    await report.close();
  }
  await updateDataJob(context.db, jobId, { rows_done: done, rows_refused: report.refused });
  onProgress(done, total);
  return report.refused;
}

export async function runPayoutImport(
  context: DataIoContext,
  jobId: string,
  mode: ImportMode,
  input: PayoutImportInput,
  onProgress: ProgressListener = () => undefined,
): Promise<void> {
  const total = Math.max((await countLines(input.file)) - 1, 0);
  const reportName = `${jobId}-report.csv`;
  const reportFile = await workFile(context.dataDir, reportName);
  await updateDataJob(context.db, jobId, { state: 'running', rows_done: 0, rows_total: total });
  const run = (applying: boolean) =>
    pass(context, jobId, input, reportFile, applying, onProgress, total);
  let refused: number;
  let applied: boolean;
  try {
    if (mode === 'valid-only') {
      refused = await run(true);
      applied = true;
    } else {
      refused = await run(false);
      applied = refused === 0;
      if (applied) refused = await run(true);
    }
    await context.files.keep(reportName, reportFile);
  } finally {
    await rm(reportFile, { force: true });
  }
  await updateDataJob(context.db, jobId, {
    state: 'done',
    rows_refused: refused,
    applied: applied ? 1 : 0,
    output_file: context.files.locate(reportName),
    finished_at: context.now().toISOString(),
  });
}
