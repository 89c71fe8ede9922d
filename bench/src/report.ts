import type { ProfileSummary } from './cpu-profile';
import { ROUNDS } from './load-phase';
import type { LighthouseFigures } from './lighthouse-audit';
import type { LoadFigures } from './load';
import type { MachineInfo } from './machine-info';
import type { ScaleFigures } from './scale-targets';
import { failures, ratio, TARGETS, type Check, type LoadComparison } from './targets';
import type { RouteComposition } from './web-phase';
import type { Sizes, ThemeSizes } from './web-sizes';

export interface WebSizes {
  themes: ThemeSizes[];
  compositions: RouteComposition[];
  /** Themes that could not be measured, and why. */
  failures: { theme: string; reason: string }[];
}

export interface BenchSettings {
  classListSize: number;
  captchaMaxNumber: number;
  connections: number;
  submissions: number;
  authorizations: number;
  formsConfigSeconds: number;
  documentBytes: readonly number[];
}

export interface ProfileReport {
  benchmark: string;
  file: string;
  summary: ProfileSummary;
}

/** A phase's figures, or why there are none. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface BenchResults {
  machine: MachineInfo;
  settings: BenchSettings;
  load: Outcome<{
    formsConfig: LoadComparison;
    authorize: LoadComparison;
    submission: LoadComparison;
  }>;
  postgres: Outcome<LoadComparison>;
  /** Absent in the figures of a run from before the phase existed. */
  scale?: Outcome<ScaleFigures>;
  web: Outcome<WebSizes>;
  lighthouse: Outcome<LighthouseFigures[]>;
  profiles: ProfileReport[];
  findings: string[];
  checks: Check[];
  elapsedSeconds: number;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
const sizes = (value: Sizes) => `${kb(value.raw)} / ${kb(value.gzip)} / ${kb(value.brotli)}`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${header.map(escape).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

/** req/s, p50, p99, requests, errors, and non-2xx or refused answers of a load. */
function figureCells(figures: LoadFigures): string[] {
  return [
    figures.requestsPerSecond.toFixed(0),
    ms(figures.p50Ms),
    ms(figures.p99Ms),
    String(figures.requests),
    String(figures.errors),
    String(figures.non2xx + figures.mismatches),
  ];
}

function loadRow(name: string, figures: LoadFigures, rssBytes: number, against: string): string[] {
  return [name, ...figureCells(figures), mb(rssBytes), against];
}

export function renderLoadTable(rows: readonly [string, LoadComparison, string][]): string {
  return table(
    [
      'benchmark',
      'req/s',
      'p50 ms',
      'p99 ms',
      'requests',
      'errors',
      'non-2xx or refused',
      'RSS MB',
      'ratio to baseline',
    ],
    rows.flatMap(([name, comparison, baselineName]) => [
      loadRow(
        `${name}: claims server`,
        comparison.server,
        comparison.serverRssBytes,
        `${(ratio(comparison) * 100).toFixed(0)} %`,
      ),
      loadRow(`${name}: ${baselineName}`, comparison.baseline, comparison.baselineRssBytes, ''),
    ]),
  );
}

export function renderChecks(checks: readonly Check[]): string {
  return table(
    ['area', 'figure', 'measured', 'target', 'result'],
    checks.map((check) => [
      check.group,
      check.name,
      check.measured,
      check.target,
      check.pass ? 'pass' : '**FAIL**',
    ]),
  );
}

function renderWeb(web: WebSizes): string {
  const parts: string[] = [];
  for (const failure of web.failures)
    parts.push(`### ${failure.theme}\n\nNot measured: ${failure.reason}\n`);
  for (const theme of web.themes) {
    parts.push(`### ${theme.theme}\n\nRoutes loaded: ${theme.surveyed}.\n`);
    parts.push(
      table(
        [
          'route',
          'ended on',
          'JS raw / gzip / br (KB)',
          'CSS raw / gzip / br (KB)',
          'JS files',
          'CSS files',
        ],
        theme.routes.map((route) => [
          route.route === theme.heaviest.route ? `**${route.route}** (heaviest)` : route.route,
          route.finalPath === route.route ? '' : route.finalPath,
          sizes(route.sizes.js),
          sizes(route.sizes.css),
          String(route.sizes.jsFiles.length),
          String(route.sizes.cssFiles.length),
        ]),
      ),
    );
    parts.push(
      `\nFiles of the heaviest route: ${[...theme.heaviest.sizes.jsFiles, ...theme.heaviest.sizes.cssFiles].map((file) => `\`${file.replace(/^.*\//, '')}\``).join(', ')}\n`,
    );
  }
  for (const composition of web.compositions) {
    parts.push(
      `### What the JavaScript of ${composition.route} is made of\n\nMinified bytes by package or project folder (${kb(composition.totalBytes)} KB in all), from a source-mapped build of the same sources:\n`,
    );
    parts.push(
      table(
        ['from', 'KB', 'share'],
        composition.contributions
          .slice(0, 15)
          .map((item) => [
            item.origin,
            kb(item.bytes),
            `${((item.bytes / composition.totalBytes) * 100).toFixed(1)} %`,
          ]),
      ),
    );
    parts.push('');
  }
  return parts.join('\n');
}

function renderLighthouse(pages: readonly LighthouseFigures[]): string {
  const rows = pages.map((page) => [
    page.page,
    page.finalUrl === page.url
      ? new URL(page.url).pathname
      : `${new URL(page.url).pathname} → ${new URL(page.finalUrl).pathname}`,
    page.mode === 'snapshot' ? 'n/a (snapshot)' : String(page.scores.performance),
    String(page.scores.accessibility),
    String(page.scores['best-practices']),
    ms(page.lcpMs),
    ms(page.tbtMs),
    Number.isFinite(page.cls) ? page.cls.toFixed(3) : 'n/a',
  ]);
  // One line per audit, naming the pages it failed on (the three pages share most of them).
  const failedAudits = new Map<string, { label: string; pages: string[] }>();
  for (const page of pages) {
    for (const audit of page.failedAudits) {
      const key = `${audit.category} ${audit.id}`;
      const entry = failedAudits.get(key) ?? {
        label: `${audit.category}: ${audit.title} \`${audit.id}\``,
        pages: [],
      };
      entry.pages.push(
        audit.displayValue === undefined ? page.page : `${page.page} (${audit.displayValue})`,
      );
      failedAudits.set(key, entry);
    }
  }
  const failed = [...failedAudits.values()].map(
    (entry) => `- ${entry.label}: ${entry.pages.join('; ')}`,
  );
  const errors = pages.flatMap((page) =>
    page.runtimeError === undefined ? [] : [`- ${page.page}: ${page.runtimeError}`],
  );
  return [
    table(
      ['page', 'path', 'performance', 'accessibility', 'best practices', 'LCP ms', 'TBT ms', 'CLS'],
      rows,
    ),
    errors.length === 0 ? '' : `\nLighthouse errors:\n\n${errors.join('\n')}`,
    failed.length === 0 ? '' : `\nAudits below 0.9:\n\n${failed.join('\n')}`,
  ].join('\n');
}

function renderProfile(profile: ProfileReport): string {
  const { summary } = profile;
  const rows = (frames: ProfileSummary['selfTop']) =>
    frames.map((frame) => [
      frame.frame,
      frame.ms.toFixed(0),
      `${(frame.share * 100).toFixed(1)} %`,
    ]);
  return [
    `### ${profile.benchmark}\n`,
    `Profile \`${profile.file}\`: ${summary.windowMs.toFixed(0)} ms of load, ${summary.busyMs.toFixed(0)} ms busy on the main thread, ${summary.idleMs.toFixed(0)} ms idle.\n`,
    'Self time by origin:\n',
    table(['origin', 'ms', 'share of busy'], rows(summary.byOrigin.slice(0, 10))),
    '\nTop functions by self time:\n',
    table(['function', 'ms', 'share of busy'], rows(summary.selfTop)),
    '\nTop functions by inclusive time:\n',
    table(['function', 'ms', 'share of busy'], rows(summary.inclusiveTop)),
    '',
  ].join('\n');
}

function renderCpu(figures: ScaleFigures): string {
  const runs = [
    ['1 instance behind nginx', figures.cpu.oneInstance],
    ['2 instances behind nginx', figures.cpu.twoInstances],
    ['1 instance, local folder', figures.cpu.folder],
    ['1 instance, bucket', figures.cpu.bucket],
  ] as const;
  const names = Object.keys(figures.cpu.oneInstance.processes);
  const cores = (seconds: number, wall: number) => (wall > 0 ? (seconds / wall).toFixed(2) : 'n/a');
  return table(
    ['run', 'machine busy', ...names, 'rest'],
    runs.map(([name, use]) => {
      const ours = Object.values(use.processes).reduce((sum, seconds) => sum + seconds, 0);
      return [
        name,
        cores(use.machineBusySeconds, use.wallSeconds),
        ...names.map((process) => cores(use.processes[process] ?? 0, use.wallSeconds)),
        cores(use.machineBusySeconds - ours, use.wallSeconds),
      ];
    }),
  );
}

function renderScale(figures: ScaleFigures): string {
  const row = (name: string, run: LoadFigures, against: string) => [
    name,
    ...figureCells(run),
    against,
  ];
  const times = (top: LoadFigures, bottom: LoadFigures) =>
    bottom.requestsPerSecond === 0
      ? 'n/a'
      : (top.requestsPerSecond / bottom.requestsPerSecond).toFixed(2);
  return [
    'Claim submission (the same claims and documents as above) on one PostgreSQL database, documents in s3rver, every process on this machine. Rounds alternate 1 instance, 2 instances, folder, bucket, twice.\n',
    table(
      ['run', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx or refused', 'ratio'],
      [
        row('1 instance behind nginx, bucket', figures.oneInstance, ''),
        row(
          '2 instances behind nginx (round-robin), bucket',
          figures.twoInstances,
          `${times(figures.twoInstances, figures.oneInstance)}x of 1`,
        ),
        row('1 instance, local folder', figures.folder, ''),
        row(
          '1 instance, bucket',
          figures.bucket,
          `${(Number(times(figures.bucket, figures.folder)) * 100).toFixed(0)} % of folder`,
        ),
      ],
    ),
    "\nCPU during each run, in cores (CPU seconds over the run's seconds): the whole machine busy, the benchmark's own processes, and the rest (PostgreSQL, nginx and other work on the machine).\n",
    renderCpu(figures),
    `\nPostgreSQL committed ${figures.transactionsPerClaim.toFixed(1)} transactions per claim over these runs (pg_stat_database.xact_commit of the run's database, read-only ones included).`,
  ].join('\n');
}

function outcome<T>(value: Outcome<T>, render: (value: T) => string): string {
  return value.ok ? render(value.value) : `Not measured: ${value.reason}`;
}

/** Whether other work kept every core busy when the run started. */
export function busy(results: BenchResults): boolean {
  return results.machine.loadAverageBefore >= results.machine.cores;
}

/** bench/RESULTS.md. */
export function renderResults(results: BenchResults, analysis?: string): string {
  const { machine, settings } = results;
  const passed = results.checks.filter((check) => check.pass).length;
  return `# Benchmark results

Written by \`npm run bench\` (see bench/README.md for how to run and read it). Figures of one run on one machine: compare runs on the same machine only.

- Date: ${machine.date}
- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB memory, ${machine.os}
- Node: ${machine.node}
- Commit: ${machine.commit}
- Load: ${settings.connections} concurrent connections from autocannon in the benchmark's own process, on 127.0.0.1; ${settings.submissions} claim submissions, ${settings.authorizations} authorizations, ${settings.formsConfigSeconds} s of GET /api/forms/config, each after a warm-up and in ${ROUNDS} alternating rounds of server and baseline
- Benchmark case: cases/demo with a ${settings.classListSize.toLocaleString('en-US')}-member class list and ALTCHA maxNumber ${settings.captchaMaxNumber}; each claim carries two PDF documents of ${settings.documentBytes.map((bytes) => `${kb(bytes)} KB`).join(' and ')}
- Run time: ${results.elapsedSeconds.toFixed(0)} s
- Other work on the machine: load average ${machine.loadAverageBefore} just before the run (${machine.cores} cores)${busy(results) ? '\n\n**The machine was busy with other work when this run started, so the figures (the absolute ones above all) are less reliable than usual: run it again on a quiet machine.**' : ''}

## Targets (issues 6 and 20): ${passed} of ${results.checks.length} met

${renderChecks(results.checks)}

## Load, SQLite

${outcome(results.load, (load) =>
  renderLoadTable([
    ['claim submission', load.submission, 'bare Fastify multipart + fsync'],
    ['authorize', load.authorize, 'bare Fastify JSON route'],
    ['GET /api/forms/config', load.formsConfig, 'bare Fastify JSON route'],
  ]),
)}

## Load, PostgreSQL

${outcome(results.postgres, (comparison) => renderLoadTable([['claim submission', comparison, 'bare Fastify multipart + fsync']]))}

## Scale-out: PostgreSQL and the bucket (issue 14)

${outcome(results.scale ?? { ok: false, reason: 'not run' }, renderScale)}

## Web build (KB = 1,000 bytes; gzip level 9, brotli quality 11)

Budgets: the landing route's initial JavaScript ≤ ${kb(TARGETS.landingJsGzipBytes)} KB gzip; no route's JavaScript over ${kb(TARGETS.routeJsGzipBytes)} KB gzip.

${outcome(results.web, renderWeb)}

## Lighthouse (mobile emulation, simulated throttling)

${outcome(results.lighthouse, renderLighthouse)}

## Profiles of the targets not met

${results.profiles.length === 0 ? 'None taken: a profile is taken for each load target the load phase did not meet.' : results.profiles.map(renderProfile).join('\n')}

## Findings and suggested product changes

${results.findings.length === 0 ? 'Found in the figures: none.' : `Found in the figures:\n\n${results.findings.map((finding) => `- ${finding}`).join('\n')}`}
${analysis === undefined ? '' : `\n### Analysis (bench/ANALYSIS.md, written by hand: check it against the figures above)\n\n${analysis.trim()}\n`}
`;
}

/** The console summary: each figure beside its target. */
export function renderConsole(checks: readonly Check[]): string {
  const width = (pick: (check: Check) => string) =>
    Math.max(...checks.map((check) => pick(check).length), 4);
  const label = (check: Check) => `${check.group}: ${check.name}`;
  const [labelWidth, measuredWidth, targetWidth] = [
    width(label),
    width((check) => check.measured),
    width((check) => check.target),
  ];
  return checks
    .map(
      (check) =>
        `${check.pass ? 'PASS' : 'FAIL'}  ${label(check).padEnd(labelWidth)}  ${check.measured.padEnd(measuredWidth)}  target ${check.target.padEnd(targetWidth)}`,
    )
    .join('\n');
}

export { failures };
