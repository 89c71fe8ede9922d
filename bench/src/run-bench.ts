import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { API_PATHS } from '@claims/core/contract/api';
import { createBenchmarkCase, type ClassMember } from './benchmark-case';
import { DEMO_CASE, REPO_ROOT, RESULTS_FILE, TMP } from './bench-paths';
import { repairInvoice, type ClaimDocument } from './claim-builder';
import { credentialsOf } from './claimant-pool';
import { ClaimantSession } from './claimant-session';
import {
  authorizeLoad,
  formsConfigLoad,
  loadPhase,
  MemberQueue,
  ROUNDS,
  submissionComparison,
  submissionLoad,
  type LoadContext,
} from './load-phase';
import { readMachineInfo } from './machine-info';
import { scalePhase } from './scale-phase';
import { scaleChecks } from './scale-targets';
import { createScratchDatabase } from './postgres';
import { profilePhase, type ProfiledLoad } from './profile-phase';
import { elapsedSeconds, errorText, log } from './progress';
import type { RunningProcess } from './processes';
import { renderConsole, type BenchResults, type Outcome } from './report';
import { writeResults } from './results-file';
import { buildSamplePdf } from './sample-pdf';
import { importCaseLists } from './case-import';
import { buildProduct, RUN_SECRETS, startBaseline, startClaimsServer } from './servers';
import {
  lighthouseChecks,
  ratioCheck,
  rssCheck,
  submissionChecks,
  TARGETS,
  webChecks,
  type Check,
  type LoadComparison,
} from './targets';
import { LANDING_ROUTES, webPhase } from './web-phase';

/**
 * npm run bench: the whole benchmark of issue 6 in one run, written to bench/RESULTS.md.
 * Every knob is an environment variable (bench/README.md lists them).
 */

const PHASES = ['load', 'postgres', 'scale', 'web', 'lighthouse', 'profile'] as const;
type Phase = (typeof PHASES)[number];
const SQLITE_DATA = path.join(TMP, 'data-sqlite');

function positiveInteger(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name}="${text}" is not valid; expected a whole number above 0`);
  }
  return value;
}

function chosenPhases(): Set<Phase> {
  const text = process.env.BENCH_PHASES;
  if (text === undefined || text === '') return new Set(PHASES);
  const chosen = text.split(',').map((phase) => phase.trim());
  for (const phase of chosen) {
    if (!(PHASES as readonly string[]).includes(phase)) {
      throw new Error(
        `BENCH_PHASES names "${phase}"; expected a comma-separated list of ${PHASES.join(', ')}`,
      );
    }
  }
  return new Set(chosen as Phase[]);
}

/**
 * A whole multiple of the connection count in every round, so every connection sends as
 * many requests.
 */
function perConnection(count: number, connections: number, rounds = ROUNDS): number {
  const unit = connections * rounds;
  return Math.max(unit, Math.round(count / unit) * unit);
}

async function attempt<T>(what: string, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    log(
      `${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return {
      ok: false,
      reason: `${what} failed: ${errorText(error).split('\n')[0] ?? 'unknown error'}`,
    };
  }
}

const NOT_RUN: Outcome<never> = { ok: false, reason: 'not run (BENCH_PHASES leaves it out)' };

function sampleDocuments(): ClaimDocument[] {
  return [
    repairInvoice(200_000),
    {
      bytes: buildSamplePdf('Proof of ownership', 200_000, 2),
      type: 'application/pdf',
      fileName: 'proof-of-ownership.pdf',
      documentType: 'ProofOfOwnership',
    },
  ];
}

/** A summary line per profile: how busy the server was and where the time went. */
function profileFinding(report: BenchResults['profiles'][number]): string {
  const origins = report.summary.byOrigin
    .slice(0, 5)
    .map((frame) => `${frame.frame} ${(frame.share * 100).toFixed(0)} %`)
    .join(', ');
  const busy = report.summary.windowMs === 0 ? 0 : report.summary.busyMs / report.summary.windowMs;
  return `${report.benchmark}: the server's main thread was busy ${(busy * 100).toFixed(0)} % of the load; busy time by origin: ${origins}.`;
}

async function main(): Promise<void> {
  const phases = chosenPhases();
  const connections = positiveInteger('BENCH_CONNECTIONS', 64);
  const counts = {
    submissions: perConnection(positiveInteger('BENCH_SUBMISSIONS', 640), connections),
    authorizations: perConnection(positiveInteger('BENCH_AUTHORIZATIONS', 1280), connections),
    formsConfigSeconds: positiveInteger('BENCH_FORMS_CONFIG_SECONDS', 10),
  };
  const classListSize = positiveInteger('BENCH_CLASS_LIST_SIZE', 100_000);
  const captchaMaxNumber = positiveInteger('BENCH_CAPTCHA_MAX_NUMBER', 1000);
  const documents = sampleDocuments();

  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  const machine = readMachineInfo(REPO_ROOT);
  log(
    `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, commit ${machine.commit}`,
  );
  log('building the product as npm start does (npm run build: web app, precompression, server)');
  buildProduct();

  const results: BenchResults = {
    machine,
    settings: {
      classListSize,
      captchaMaxNumber,
      connections,
      ...counts,
      documentBytes: documents.map((document) => document.bytes.length),
    },
    load: NOT_RUN,
    postgres: NOT_RUN,
    scale: NOT_RUN,
    web: NOT_RUN,
    lighthouse: NOT_RUN,
    profiles: [],
    findings: [],
    checks: [],
    elapsedSeconds: 0,
  };

  let ctx: LoadContext | undefined;
  if (phases.has('load') || phases.has('postgres') || phases.has('scale')) {
    log(`writing the benchmark case (${classListSize.toLocaleString('en-US')} class members)`);
    const benchCase = createBenchmarkCase({
      sourceDir: DEMO_CASE,
      targetDir: path.join(TMP, 'case'),
      memberCount: classListSize,
      captchaMaxNumber,
    });
    await importLists(benchCase.dir, SQLITE_DATA);
    log('starting the claims server on SQLite');
    const server = await startClaimsServer({
      name: 'server-sqlite',
      caseDir: benchCase.dir,
      dataDir: SQLITE_DATA,
    });
    let baseline: RunningProcess | undefined;
    try {
      const probe = new ClaimantSession(server.url);
      const configs = (await probe.getJson(API_PATHS.formsConfig)) as RemoteModelConfig[];
      const signature = (await probe.getJson(`${API_PATHS.signatureDate}?culture=en`)) as {
        date: string;
      };
      const members = new MemberQueue(benchCase.classList.members);
      ctx = { connections, benchCase, members, documents, configs, signatureDate: signature.date };
      // A real authorize answer, so the baseline answers authorize with the same bytes.
      await probe.start();
      const [fixtureMember] = members.take(1) as [ClassMember];
      const authorizeResponse = await probe.authorize(
        'Standard',
        credentialsOf(fixtureMember),
        await probe.solveCaptcha(),
      );
      baseline = await startBaseline({ formsConfig: configs, authorizeResponse });

      if (phases.has('load')) {
        const context = ctx;
        const running = baseline;
        results.load = await attempt('the SQLite load', () =>
          loadPhase(context, counts, server, running),
        );
      }
      await server.stop();

      const databaseUrl = process.env.DATABASE_URL;
      if (phases.has('postgres')) {
        if (databaseUrl === undefined || databaseUrl === '') {
          results.postgres = { ok: false, reason: 'DATABASE_URL is not set' };
        } else {
          const context = ctx;
          const running = baseline;
          results.postgres = await attempt('the PostgreSQL load', () =>
            postgresSubmissions(context, databaseUrl, counts.submissions, running),
          );
        }
      }
      if (phases.has('scale')) {
        if (databaseUrl === undefined || databaseUrl === '') {
          results.scale = { ok: false, reason: 'DATABASE_URL is not set' };
        } else {
          const context = ctx;
          results.scale = await attempt('the scale-out load', () =>
            scalePhase(context, databaseUrl, counts.submissions),
          );
        }
      }
    } finally {
      await server.stop();
      await baseline?.stop();
    }
  }

  if (phases.has('web') || phases.has('lighthouse')) {
    const web = await attempt('the web measurements', () =>
      webPhase({
        sizes: phases.has('web'),
        lighthouse: phases.has('lighthouse'),
        captchaMaxNumber,
      }),
    );
    if (!web.ok) {
      if (phases.has('web')) results.web = web;
      if (phases.has('lighthouse')) results.lighthouse = web;
    } else {
      const { themes, compositions, themeFailures, lighthouse } = web.value;
      if (phases.has('web'))
        results.web = { ok: true, value: { themes, compositions, failures: themeFailures } };
      if (Array.isArray(lighthouse)) results.lighthouse = { ok: true, value: lighthouse };
      else if (lighthouse !== undefined)
        results.lighthouse = { ok: false, reason: `Lighthouse failed: ${lighthouse.reason}` };
    }
  }

  const checks: Check[] = [];
  if (results.load.ok) {
    const { submission, authorize, formsConfig } = results.load.value;
    checks.push(
      ...submissionChecks('claim submission, SQLite', submission),
      rssCheck('claim submission, SQLite', submission.serverRssBytes),
      ratioCheck('authorize', authorize, TARGETS.authorizeThroughputRatio),
      ratioCheck('GET /api/forms/config', formsConfig, TARGETS.formsConfigThroughputRatio),
    );
  }
  if (results.postgres.ok) {
    checks.push(
      ...submissionChecks('claim submission, PostgreSQL', results.postgres.value),
      rssCheck('claim submission, PostgreSQL', results.postgres.value.serverRssBytes),
    );
  }
  if (results.scale?.ok === true) checks.push(...scaleChecks(results.scale.value));
  if (results.web.ok) checks.push(...webChecks(results.web.value.themes, LANDING_ROUTES));
  if (results.lighthouse.ok) checks.push(...lighthouseChecks(results.lighthouse.value));
  results.checks = checks;

  if (phases.has('profile') && ctx !== undefined && results.load.ok) {
    const context = ctx;
    const failed = (group: string) => checks.some((check) => check.group === group && !check.pass);
    // Smaller than the measured runs: the profile only has to show where the time goes.
    const loads: { benchmark: string; run: ProfiledLoad }[] = [];
    if (failed('claim submission, SQLite')) {
      loads.push({
        benchmark: 'claim submission',
        run: (server, markStart) =>
          submissionLoad(
            context,
            server,
            perConnection(counts.submissions / 2, connections, 1),
            markStart,
          ),
      });
    }
    if (failed('authorize')) {
      loads.push({
        benchmark: 'authorize',
        run: (server, markStart) =>
          authorizeLoad(
            context,
            server,
            perConnection(counts.authorizations / 2, connections, 1),
            markStart,
          ),
      });
    }
    if (failed('GET /api/forms/config')) {
      loads.push({
        benchmark: 'GET /api/forms/config',
        run: async (server, markStart) => {
          await formsConfigLoad(server.url, connections, 2);
          markStart();
          return formsConfigLoad(
            server.url,
            connections,
            Math.max(3, Math.ceil(counts.formsConfigSeconds / 2)),
          );
        },
      });
    }
    if (loads.length > 0) {
      const profiles = await attempt('profiling', () => profilePhase(context, SQLITE_DATA, loads));
      if (profiles.ok) {
        results.profiles = profiles.value;
        results.findings.push(...profiles.value.map(profileFinding));
      }
    }
  }
  if (
    results.lighthouse.ok &&
    results.lighthouse.value.some((page) =>
      page.failedAudits.some((audit) => audit.id === 'uses-text-compression'),
    )
  ) {
    results.findings.push(
      'Lighthouse: the server sends JavaScript and CSS uncompressed (audit uses-text-compression). Serve the hashed assets precompressed: write .br and .gz files at build time and set preCompressed: true on @fastify/static in apps/server/src/plugins/web-app.ts.',
    );
  }

  results.elapsedSeconds = elapsedSeconds();
  writeResults(results);
  console.log(`\n${renderConsole(checks)}\n`);
  log(
    `wrote ${path.relative(process.cwd(), RESULTS_FILE)}: ${checks.filter((check) => check.pass).length} of ${checks.length} targets met`,
  );
  // The runs' data (thousands of stored documents) is of no further use; logs and profiles stay.
  for (const entry of readdirSync(TMP)) {
    if (entry.startsWith('data-')) rmSync(path.join(TMP, entry), { recursive: true, force: true });
  }
}

async function importLists(caseDir: string, dataDir: string, databaseUrl?: string): Promise<void> {
  const begin = Date.now();
  const imported = await importCaseLists({
    caseDir,
    dataDir,
    pinPepper: RUN_SECRETS.pinPepper,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
  });
  log(
    `imported ${imported.members.toLocaleString('en-US')} class members and ${imported.vehicles.toLocaleString('en-US')} vehicles in ${((Date.now() - begin) / 1000).toFixed(1)} s (with the server's import, before the server starts)`,
  );
}

/** The submission benchmark again, on a fresh PostgreSQL database that is dropped afterwards. */
async function postgresSubmissions(
  ctx: LoadContext,
  databaseUrl: string,
  count: number,
  baseline: RunningProcess,
): Promise<LoadComparison> {
  const database = await createScratchDatabase(databaseUrl);
  try {
    log(`claim submission on PostgreSQL (database ${database.name})`);
    await importLists(ctx.benchCase.dir, path.join(TMP, 'data-postgres'), database.url);
    const server = await startClaimsServer({
      name: 'server-postgres',
      caseDir: ctx.benchCase.dir,
      dataDir: path.join(TMP, 'data-postgres'),
      databaseUrl: database.url,
    });
    try {
      return await submissionComparison(ctx, count, server, baseline);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(
    `The benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
