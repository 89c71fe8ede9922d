import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { claimsPath, type ClaimsResponse } from '@claims/core/admin/admin-api';
import type { ExportKind } from '@claims/core/admin/data-io-api';
import { authorizePath } from '@claims/core/contract/api';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../apps/server/src/app';
import { parseCsv } from '../../../apps/server/src/case/csv';
import { readConfig } from '../../../apps/server/src/config';
import { signedInAdmin } from '../../../apps/server/src/admin/testing/admin-test-kit';
import type { DataJobAuthor } from '../../../apps/server/src/data-io/data-io-context';
import { startExport, startImport } from '../../../apps/server/src/data-io/data-io-service';
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
import {
  AUTHORIZE_CONNECTIONS,
  AUTHORIZE_ROUND,
  dataIoChecks,
  renderDataIoSection,
  withDataIoSection,
  type AuthorizeRate,
  type DatabaseFigures,
  type DataIoFigures,
  type ExportFigures,
} from './data-io-results';

/**
 * npm run bench:data-io: data in and out at scale (issue 16). On an in-process server (SQLite,
 * and PostgreSQL when DATABASE_URL is set): a class list of N generated members imported
 * through the import job the command line runs, while the demo's claimants authorize over HTTP
 * on 127.0.0.1, against the same load without an import; N claims seeded straight into the
 * database and exported as CSV and as JSONL through the export job; a filtered, paged claim
 * queue read by a signed-in supervisor. Writes its section of bench/RESULTS.md.
 */

const MEMBERS = Number(process.env.DATA_IO_BENCH_MEMBERS ?? 1_000_000);
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
const MB = 1024;

function statusKb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync('/proc/self/status', 'utf8'),
  );
  return Number(match?.[1] ?? 0);
}

/**
 * The process's peak RSS over a stretch of work: the kernel's high-water mark (VmHWM), reset
 * at the start through /proc/self/clear_refs, so a peak while the event loop is blocked (a
 * statement of SQLite) counts too; where the reset is refused, samples every 50 ms.
 */
class PeakRss {
  readonly baselineKb = statusKb('VmRSS');
  private peakKb = this.baselineKb;
  private readonly reset: boolean;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      this.reset = true;
    } catch {
      this.reset = false;
    }
    this.timer = setInterval(() => {
      this.peakKb = Math.max(this.peakKb, statusKb('VmRSS'));
    }, 50);
  }

  stop(): { baselineRssMb: number; peakRssMb: number } {
    clearInterval(this.timer);
    const peak = Math.max(this.peakKb, statusKb('VmRSS'), this.reset ? statusKb('VmHWM') : 0);
    return { baselineRssMb: this.baselineKb / MB, peakRssMb: peak / MB };
  }
}

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
   * Rounds of the load back to back while `work` runs, each prepared between two rounds (the
   * preparation is not timed). Every round that started while the work ran counts, the last
   * one too, so a stall at the work's end (the merge into the live table) is in the figure.
   */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; rate: AuthorizeRate | null }> {
    let pool = await this.prepare();
    let finished = false;
    const running = work().finally(() => {
      finished = true;
    });
    running.catch(() => undefined);
    const rounds: LoadRound[] = [];
    while (!finished) {
      rounds.push(await this.run(pool));
      if (finished) break;
      pool = await this.prepare();
    }
    const result = await running;
    return { result, rate: rounds.length === 0 ? null : rateOf(rounds) };
  }
}

async function writeClassList(file: string, taken: ReadonlySet<string>): Promise<void> {
  const template = parseCsv(await readFile(path.join(DEMO_CASE, 'class-list.csv'), 'utf8'));
  await pipeline(Readable.from(classListLines(template, MEMBERS, taken)), createWriteStream(file));
}

async function importList(app: FastifyInstance, file: string) {
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
  return seconds(started);
}

async function exportClaims(
  app: FastifyInstance,
  kind: ExportKind,
  format: ExportFigures['format'],
): Promise<ExportFigures> {
  const context = app.dataIo.context;
  const peak = new PeakRss();
  const started = performance.now();
  const job = await startExport(context, enqueueNothing, BENCH_AUTHOR, { kind, filters: {} });
  await runDataJob(context, job.id);
  const took = seconds(started);
  const memory = peak.stop();
  const row = await findDataJob(context.db, job.id);
  if (row?.state !== 'done' || row.output_file === null) {
    throw new Error(`the ${format} export did not finish: ${JSON.stringify(row)}`);
  }
  const bytes = (await stat(row.output_file)).size;
  await rm(row.output_file, { force: true });
  return { format, claims: Number(row.rows_done), seconds: took, bytes, ...memory };
}

async function readQueue(app: FastifyInstance): Promise<DatabaseFigures['queue']> {
  const supervisor = await signedInAdmin(app, 'supervisor');
  const request = claimsPath({
    status: ['received'],
    formType: ['Standard'],
    page: 50,
    pageSize: 50,
  });
  const times: number[] = [];
  let matching = 0;
  for (let i = 0; i < QUEUE_WARMUP + QUEUE_REQUESTS; i += 1) {
    const started = performance.now();
    const response = await supervisor.request({ method: 'GET', url: request });
    const took = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`GET ${request} answered ${response.statusCode}: ${response.body}`);
    }
    matching = response.json<ClaimsResponse>().total;
    if (i >= QUEUE_WARMUP) times.push(took);
  }
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
    log(`${database}: importing ${MEMBERS} members under the same load`);
    const imported = await load.during(() => importList(app, listFile));
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
      exports.push(await exportClaims(app, kind, format));
    }
    return {
      database,
      import: imported.result,
      authorize: { alone, duringImport: imported.rate },
      seedSeconds,
      exports,
      queue,
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function writeSection(figures: DataIoFigures): Promise<void> {
  const results = await readFile(RESULTS_FILE, 'utf8').catch(() => '# Benchmark results\n');
  await writeFile(RESULTS_FILE, withDataIoSection(results, renderDataIoSection(figures)));
  log(`wrote the data-io section of ${RESULTS_FILE}`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--report')) {
    await writeSection(JSON.parse(await readFile(FIGURES_FILE, 'utf8')) as DataIoFigures);
    return;
  }
  if (!Number.isInteger(MEMBERS) || MEMBERS < 1) {
    throw new Error(`DATA_IO_BENCH_MEMBERS is ${MEMBERS}; expected a whole number above 0`);
  }
  const began = performance.now();
  const loadAverageBefore = oneMinuteLoad();
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
  const databases: DatabaseFigures[] = [];
  try {
    databases.push(await measure('SQLite', undefined, listFile, members, benchCase.dir));
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl !== undefined && databaseUrl !== '') {
      const scratch = await createScratchDatabase(databaseUrl);
      try {
        databases.push(await measure('PostgreSQL', scratch.url, listFile, members, benchCase.dir));
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    await rm(listFile, { force: true });
  }
  const cpu = os.cpus();
  const figures: DataIoFigures = {
    date: new Date().toISOString(),
    machine: `${cpu[0]?.model.trim() ?? 'unknown'}, ${cpu.length} cores, Node ${process.version}`,
    commit: describeCommit(REPO_ROOT),
    loadAverageBefore,
    members: MEMBERS,
    claims: MEMBERS,
    databases,
  };
  await writeFile(FIGURES_FILE, JSON.stringify(figures, null, 2));
  for (const check of databases.flatMap(dataIoChecks)) {
    const verdict = check.met === null ? '' : check.met ? ' pass' : ' FAIL';
    log(`${check.figure}: ${check.measured} (target ${check.target})${verdict}`);
  }
  await writeSection(figures);
  log(`done in ${seconds(began).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
