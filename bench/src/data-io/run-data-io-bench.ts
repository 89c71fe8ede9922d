import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { claimsPath, type ClaimsResponse } from '@claims/core/admin/admin-api';
import type { ExportKind } from '@claims/core/admin/data-io-api';
import { authorizePath } from '@claims/core/contract/api';
import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { buildApp } from '../../../apps/server/src/app';
import { parseCsv } from '../../../apps/server/src/case/csv';
import { readConfig } from '../../../apps/server/src/config';
import {
  countMatching,
  type ClaimFilters,
} from '../../../apps/server/src/admin/claims/claim-queue';
import { signedInAdmin } from '../../../apps/server/src/admin/testing/admin-test-kit';
import type { DataJobAuthor } from '../../../apps/server/src/data-io/data-io-context';
import { startImport } from '../../../apps/server/src/data-io/data-io-service';
import { runDataJob } from '../../../apps/server/src/data-io/data-job-runner';
import { findDataJob } from '../../../apps/server/src/data-io/data-jobs';
import type { Database } from '../../../apps/server/src/db/schema';
import { createBenchmarkCase, type ClassMember } from '../benchmark-case';
import { DEMO_CASE, REPO_ROOT, RESULTS_FILE, TMP } from '../bench-paths';
import { prepareAuthorizations, type PreparedRequest } from '../claimant-pool';
import { combineRounds, percentile, type LoadRound } from '../load';
import { isAuthorized, replay } from '../load-phase';
import { describeCommit, oneMinuteLoad } from '../machine-info';
import { createScratchDatabase } from '../postgres';
import { classListLines } from './class-list-lines';
import { seededClaim } from './claim-rows';
import { chosenEngines, loadWindowSeconds, type Engine } from './data-io-options';
import {
  AUTHORIZE_CONNECTIONS,
  AUTHORIZE_ROUND,
  dataIoChecks,
  mergeRuns,
  readDataIoRuns,
  renderDataIoSection,
  SECTION_START,
  withDataIoSection,
  type AuthorizeRate,
  type DatabaseFigures,
  type DataIoFigures,
  type ExportFigures,
  type LoadWindowFigures,
} from './data-io-results';
import type { ExportProcessFigures } from './export-process';
import { loadDuring } from './load-window';
import { PeakRss } from './peak-rss';

/**
 * npm run bench:data-io: data in and out at scale (issue 16). On an in-process server (SQLite,
 * and PostgreSQL when DATABASE_URL is set, or the engines DATA_IO_ENGINES names): a class list
 * of N generated members imported through the import job the command line runs, while for its
 * first DATA_IO_LOAD_WINDOW_SECONDS the demo's claimants authorize over HTTP on 127.0.0.1,
 * against the same load without an import; N claims seeded straight into the database and
 * exported as CSV and as JSONL through the export job; a filtered, paged claim queue read by a
 * signed-in supervisor. Writes its section of bench/RESULTS.md after each engine, keeping the
 * figures of an engine it did not measure.
 */

const MEMBERS = Number(process.env.DATA_IO_BENCH_MEMBERS ?? 1_000_000);
const LOAD_WINDOW_SECONDS = loadWindowSeconds(process.env.DATA_IO_LOAD_WINDOW_SECONDS);
const ALONE_ROUNDS = 3;
const PREPARE_CONCURRENCY = 8;
const QUEUE_WARMUP = 5;
const QUEUE_REQUESTS = 100;
/** Rows per INSERT and claims per transaction when seeding. */
const SEED_BATCH = 500;
const SEED_TRANSACTION = 20_000;
/** Claims are spread over filing times this far apart, from this instant. */
const SEED_FROM = Date.parse('2026-03-01T00:00:00.000Z');
const SEED_STEP_MS = 30_000;

const WORK = path.join(TMP, 'data-io');
const FIGURES_FILE = path.join(TMP, 'data-io-results.json');
const BENCH_AUTHOR: DataJobAuthor = { email: null, role: null, ipAddress: null };
const enqueueNothing = async () => undefined;

const log = (message: string) => console.log(`[data-io] ${message}`);
const seconds = (since: number) => (performance.now() - since) / 1000;

/** The demo's members in turn, for as many authorizations as the run makes. */
class MemberCycle {
  private next = 0;
  constructor(private readonly members: readonly ClassMember[]) {}
  take(count: number): ClassMember[] {
    return Array.from(
      { length: count },
      () => this.members[this.next++ % this.members.length] as ClassMember,
    );
  }
}

function rateOf(rounds: readonly LoadRound[]): AuthorizeRate {
  const combined = combineRounds(rounds);
  for (const round of rounds) {
    if (round.errors + round.non2xx + round.mismatches > 0) {
      throw new Error(`an authorize round failed: ${JSON.stringify(round.statusCodes)}`);
    }
  }
  return {
    requests: combined.requests,
    seconds: combined.durationSeconds,
    p99Ms: combined.p99Ms,
  };
}

class AuthorizeLoad {
  constructor(
    private readonly url: string,
    private readonly members: MemberCycle,
  ) {}

  prepare(): Promise<PreparedRequest[]> {
    return prepareAuthorizations(this.url, this.members.take(AUTHORIZE_ROUND), PREPARE_CONCURRENCY);
  }

  run(pool: readonly PreparedRequest[]): Promise<LoadRound> {
    return replay(
      this.url,
      authorizePath('Standard'),
      pool,
      AUTHORIZE_CONNECTIONS,
      isAuthorized,
      120,
    );
  }

  async alone(): Promise<AuthorizeRate> {
    await this.run(await this.prepare());
    const rounds: LoadRound[] = [];
    for (let round = 0; round < ALONE_ROUNDS; round += 1) {
      rounds.push(await this.run(await this.prepare()));
    }
    return rateOf(rounds);
  }

  /**
   * Rounds of the load back to back from the start of `work`, for at most `windowSeconds` or
   * until the work ends (load-window.ts), each prepared between two rounds (the preparation is
   * not timed); `atClose` is read when the load stops.
   */
  async during<T, S>(
    work: () => Promise<T>,
    windowSeconds: number,
    atClose: () => S,
  ): Promise<{
    result: T;
    rate: AuthorizeRate | null;
    closedAfterSeconds: number;
    workEnded: boolean;
    atClose: S;
  }> {
    let pool = await this.prepare();
    const outcome = await loadDuring({
      work,
      windowSeconds,
      round: () => this.run(pool),
      between: async () => {
        pool = await this.prepare();
      },
      atClose,
    });
    return {
      ...outcome,
      rate: outcome.rounds.length === 0 ? null : rateOf(outcome.rounds),
    };
  }
}

async function writeClassList(file: string, taken: ReadonlySet<string>): Promise<void> {
  const template = parseCsv(await readFile(path.join(DEMO_CASE, 'class-list.csv'), 'utf8'));
  await pipeline(Readable.from(classListLines(template, MEMBERS, taken)), createWriteStream(file));
}

/** Rows the import has read and checked so far, as its progress tells. */
interface ImportProgress {
  rows: number;
}

async function importList(app: FastifyInstance, file: string, progress: ImportProgress) {
  const context = app.dataIo.context;
  const peak = new PeakRss();
  const started = performance.now();
  const job = await startImport(context, enqueueNothing, BENCH_AUTHOR, {
    kind: 'class-list',
    mode: 'all-or-nothing',
    file,
    fileName: path.basename(file),
  });
  let logged = 0;
  await runDataJob(context, job.id, (done) => {
    progress.rows = done;
    if (done - logged < 100_000) return;
    logged = done;
    log(`  ${done} rows read`);
  });
  const took = seconds(started);
  const memory = peak.stop();
  const row = await findDataJob(context.db, job.id);
  if (row?.state !== 'done' || Number(row.applied) !== 1) {
    throw new Error(`the import did not load the list: ${JSON.stringify(row)}`);
  }
  return {
    rows: Number(row.rows_done),
    refused: Number(row.rows_refused),
    seconds: took,
    ...memory,
  };
}

async function seedClaims(db: Kysely<Database>, members: readonly ClassMember[]): Promise<number> {
  const started = performance.now();
  for (let first = 0; first < MEMBERS; first += SEED_TRANSACTION) {
    const last = Math.min(MEMBERS, first + SEED_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let start = first; start < last; start += SEED_BATCH) {
        const batch = Array.from({ length: Math.min(SEED_BATCH, last - start) }, (_, offset) => {
          const index = start + offset;
          const member = members[index % members.length] as ClassMember;
          return seededClaim(index, member.values, new Date(SEED_FROM + index * SEED_STEP_MS));
        });
        await trx
          .insertInto('claims')
          .values(batch.map((seeded) => seeded.claim))
          .execute();
        await trx
          .insertInto('claim_history')
          .values(batch.flatMap((seeded) => seeded.history))
          .execute();
        await trx
          .insertInto('claim_fraud_assessments')
          .values(batch.map((seeded) => seeded.fraud))
          .execute();
      }
    });
    if (last % 100_000 === 0) log(`  seeded ${last} claims`);
  }
  // A case files its claims over weeks, and autovacuum's analyze keeps PostgreSQL's statistics
  // of these tables current as it does; claims seeded in two minutes are read at once, so the
  // statistics are brought up to date here as it would have (bench/ANALYSIS.md).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze claims, claim_history, claim_fraud_assessments`.execute(db);
  }
  return seconds(started);
}

/** Where the export runs: the benchmark's database, read by a process of its own. */
interface ExportTarget {
  dataDir: string;
  caseDir: string;
  databaseUrl: string | undefined;
}

/**
 * Runs one export job in a process of its own (export-process.ts), so that its RSS is the
 * export's and not that of the load and the seeding this process ran before.
 */
async function exportClaims(
  target: ExportTarget,
  kind: ExportKind,
  format: ExportFigures['format'],
): Promise<ExportFigures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'export-process.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        EXPORT_KIND: kind,
        EXPORT_DATA_DIR: target.dataDir,
        EXPORT_CASE_DIR: target.caseDir,
        EXPORT_DATABASE_URL: target.databaseUrl ?? '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  const last = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || last === '') {
    throw new Error(`the ${format} export process ended with ${code}: ${output}`);
  }
  const figures = JSON.parse(last) as ExportProcessFigures;
  await rm(figures.outputFile, { force: true });
  return {
    format,
    claims: figures.claims,
    seconds: figures.seconds,
    bytes: figures.bytes,
    baselineRssMb: figures.baselineRssMb,
    peakRssMb: figures.peakRssMb,
  };
}

async function readQueue(app: FastifyInstance): Promise<DatabaseFigures['queue']> {
  const supervisor = await signedInAdmin(app, 'supervisor');
  const filters: ClaimFilters = { status: ['received'], formType: ['Standard'] };
  const request = claimsPath({ ...filters, page: 50, pageSize: 50 });
  const times: number[] = [];
  for (let i = 0; i < QUEUE_WARMUP + QUEUE_REQUESTS; i += 1) {
    const started = performance.now();
    const response = await supervisor.request({ method: 'GET', url: request });
    const took = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`GET ${request} answered ${response.statusCode}: ${response.body}`);
    }
    if (response.json<ClaimsResponse>().items.length !== 50) {
      throw new Error(`GET ${request} did not answer a full page: ${response.body}`);
    }
    if (i >= QUEUE_WARMUP) times.push(took);
  }
  // The page counts no further than CLAIMS_COUNT_LIMIT; the figure names every match.
  const matching = await countMatching(app.db, filters, 'UTC');
  times.sort((a, b) => a - b);
  return {
    request,
    matching,
    requests: times.length,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
  };
}

async function measure(
  database: DatabaseFigures['database'],
  databaseUrl: string | undefined,
  listFile: string,
  members: readonly ClassMember[],
  caseDir: string,
): Promise<DatabaseFigures> {
  const dataDir = path.join(WORK, `data-${database.toLowerCase()}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const config = readConfig({
    DATA_DIR: dataDir,
    CASE_DIR: caseDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    RATE_LIMIT_AUTHORIZE: '0',
    RATE_LIMIT_STATUS: '0',
    RATE_LIMIT_CAPTCHA: '0',
    RATE_LIMIT_SESSION: '0',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  });
  const app = await buildApp({ config });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const load = new AuthorizeLoad(url, new MemberCycle(members));
    log(`${database}: authorize load without an import`);
    const alone = await load.alone();
    log(
      `${database}: importing ${MEMBERS} members, under the same load for its first ${LOAD_WINDOW_SECONDS} s`,
    );
    const progress: ImportProgress = { rows: 0 };
    const imported = await load.during(
      () => importList(app, listFile, progress),
      LOAD_WINDOW_SECONDS,
      () => {
        log(`${database}: the authorize load stopped; ${progress.rows} rows read by then`);
        return progress.rows;
      },
    );
    const loadWindow: LoadWindowFigures = imported.workEnded
      ? {
          limitSeconds: LOAD_WINDOW_SECONDS,
          seconds: imported.result.seconds,
          rows: imported.result.rows,
          wholeImport: true,
        }
      : {
          limitSeconds: LOAD_WINDOW_SECONDS,
          seconds: imported.closedAfterSeconds,
          rows: imported.atClose,
          wholeImport: false,
        };
    log(
      `${database}: imported ${imported.result.rows} rows in ${imported.result.seconds.toFixed(1)} s`,
    );
    log(`${database}: seeding ${MEMBERS} claims`);
    const seedSeconds = await seedClaims(app.db, members);
    log(`${database}: seeded in ${seedSeconds.toFixed(1)} s; reading the claim queue`);
    const queue = await readQueue(app);
    const exports: ExportFigures[] = [];
    for (const [kind, format] of [
      ['claims-csv', 'CSV'],
      ['claims-jsonl', 'JSONL'],
    ] as const) {
      log(`${database}: ${format} export`);
      exports.push(await exportClaims({ dataDir, caseDir, databaseUrl }, kind, format));
    }
    return {
      database,
      import: imported.result,
      authorize: { alone, duringImport: imported.rate },
      loadWindow,
      seedSeconds,
      exports,
      queue,
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The section with `run`'s figures in place of those of the same engines. */
async function writeSection(run: DataIoFigures): Promise<void> {
  const results = await readFile(RESULTS_FILE, 'utf8').catch(() => '# Benchmark results\n');
  const runs = mergeRuns(readDataIoRuns(results), run);
  await writeFile(RESULTS_FILE, withDataIoSection(results, renderDataIoSection(runs)));
  const shown = runs.flatMap((shownRun) => shownRun.databases.map((db) => db.database));
  log(`wrote the data-io section of ${RESULTS_FILE} (${shown.join(', ')})`);
}

/** Logs the figures of one engine and writes them, with the figures of the run so far. */
async function record(run: DataIoFigures, figures: DatabaseFigures): Promise<void> {
  run.databases.push(figures);
  await writeFile(FIGURES_FILE, JSON.stringify(run, null, 2));
  for (const check of dataIoChecks(figures)) {
    const verdict = check.met === null ? '' : check.met ? ' pass' : ' FAIL';
    log(`${check.figure}: ${check.measured} (target ${check.target})${verdict}`);
  }
  await writeSection(run);
}

/** Warns, before a long run, when the section holds figures this run would not keep. */
async function warnOfUnreadableSection(engines: readonly Engine[]): Promise<void> {
  const results = await readFile(RESULTS_FILE, 'utf8').catch(() => '');
  if (!results.includes(SECTION_START) || readDataIoRuns(results).length > 0) return;
  log(
    `the data-io section of ${RESULTS_FILE} holds no figures this version reads back; ` +
      `it will show ${engines.join(' and ')} only`,
  );
}

async function measureEngine(
  engine: Engine,
  listFile: string,
  members: readonly ClassMember[],
  caseDir: string,
): Promise<DatabaseFigures> {
  if (engine === 'SQLite') return measure('SQLite', undefined, listFile, members, caseDir);
  const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
  try {
    return await measure('PostgreSQL', scratch.url, listFile, members, caseDir);
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--report')) {
    await writeSection(JSON.parse(await readFile(FIGURES_FILE, 'utf8')) as DataIoFigures);
    return;
  }
  if (!Number.isInteger(MEMBERS) || MEMBERS < 1) {
    throw new Error(`DATA_IO_BENCH_MEMBERS is ${MEMBERS}; expected a whole number above 0`);
  }
  const engines = chosenEngines(process.env.DATA_IO_ENGINES, process.env.DATABASE_URL);
  await warnOfUnreadableSection(engines);
  const began = performance.now();
  const cpu = os.cpus();
  const run: DataIoFigures = {
    date: new Date().toISOString(),
    machine: `${cpu[0]?.model.trim() ?? 'unknown'}, ${cpu.length} cores, Node ${process.version}`,
    commit: describeCommit(REPO_ROOT),
    loadAverageBefore: oneMinuteLoad(),
    members: MEMBERS,
    claims: MEMBERS,
    databases: [],
  };
  await mkdir(WORK, { recursive: true });
  const benchCase = createBenchmarkCase({
    sourceDir: DEMO_CASE,
    targetDir: path.join(WORK, 'case'),
    captchaMaxNumber: 1000,
  });
  const members = benchCase.classList.members;
  const listFile = path.join(WORK, `class-list-${MEMBERS}.csv`);
  log(`writing a class list of ${MEMBERS} members to ${listFile}`);
  await writeClassList(listFile, new Set(members.map((member) => member.noticeId)));
  try {
    for (const engine of engines) {
      await record(run, await measureEngine(engine, listFile, members, benchCase.dir));
    }
  } finally {
    await rm(listFile, { force: true });
  }
  log(`done in ${seconds(began).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
