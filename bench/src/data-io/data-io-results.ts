import { ENGINE_ORDER } from './data-io-options';

/**
 * The data import and export benchmark's section of bench/RESULTS.md (issue 16), between
 * markers, so that a run replaces only its own section and the other runs' figures stay. The
 * section keeps the figures it shows (a comment), so that a run of one engine replaces that
 * engine's rows and keeps the other's.
 */

export const SECTION_START = '<!-- data-io:start -->';
export const SECTION_END = '<!-- data-io:end -->';
const FIGURES_MARK = '<!-- data-io:figures ';

/** An authorize load: requests answered and the time they took. */
export interface AuthorizeRate {
  requests: number;
  seconds: number;
  p99Ms: number;
}

export interface ExportFigures {
  format: 'CSV' | 'JSONL';
  claims: number;
  seconds: number;
  bytes: number;
  /** RSS of the process before the export started, in MB. */
  baselineRssMb: number;
  peakRssMb: number;
}

export interface DatabaseFigures {
  database: 'SQLite' | 'PostgreSQL';
  import: {
    rows: number;
    refused: number;
    seconds: number;
    baselineRssMb: number;
    peakRssMb: number;
  };
  /**
   * The same authorize load without an import, and during the import's first stretch (the
   * load window); the rest of the import runs without it.
   */
  authorize: { alone: AuthorizeRate; duringImport: AuthorizeRate | null };
  loadWindow: LoadWindowFigures;
  /** Seconds the claims took to seed (not a figure of the product). */
  seedSeconds: number;
  exports: ExportFigures[];
  queue: { request: string; matching: number; requests: number; p50Ms: number; p95Ms: number };
}

/** The stretch of the import, from its start, during which the authorize load ran. */
export interface LoadWindowFigures {
  /** The window asked for (DATA_IO_LOAD_WINDOW_SECONDS). */
  limitSeconds: number;
  /**
   * From the import's start until the load stopped (the end of its last round), or the
   * import's whole duration when it ended first.
   */
  seconds: number;
  /** Rows the import had read and checked when the window closed. */
  rows: number;
  /** The import ended inside the window: all of it ran under the load. */
  wholeImport: boolean;
}

/** One run of the benchmark: where and when, and the figures of each engine it measured. */
export interface DataIoFigures {
  /** When the run started. */
  date: string;
  machine: string;
  commit: string;
  /** One-minute load average before the run started anything. */
  loadAverageBefore: number;
  members: number;
  claims: number;
  databases: DatabaseFigures[];
}

/** The authorize load: connections, and claimants prepared per round. */
export const AUTHORIZE_CONNECTIONS = 32;
export const AUTHORIZE_ROUND = 256;

export const TARGETS = {
  authorizeRatio: 0.7,
  exportClaimsPerSecond: 20_000,
  exportRssAboveBaselineMb: 200,
  queueP95Ms: 200,
} as const;

/** One line of the table: `met` is null for a figure reported without a target. */
export interface Check {
  figure: string;
  measured: string;
  target: string;
  met: boolean | null;
}

const rate = (count: number, seconds: number) => (seconds > 0 ? count / seconds : 0);
const whole = (value: number) => Math.round(value).toLocaleString('en-US');

/** Every figure of one database beside its target. */
export function dataIoChecks(figures: DatabaseFigures): Check[] {
  const db = figures.database;
  const imported = figures.import;
  const window = figures.loadWindow;
  const alone = rate(figures.authorize.alone.requests, figures.authorize.alone.seconds);
  const during = figures.authorize.duringImport;
  const span = window.wholeImport
    ? 'the whole import'
    : `the import's first ${window.seconds.toFixed(0)} s`;
  const wholeRate = `${whole(rate(imported.rows, imported.seconds))} rows/s (${whole(imported.rows)} rows in ${imported.seconds.toFixed(1)} s, ${imported.refused} refused)`;
  const checks: Check[] = window.wholeImport
    ? [
        {
          figure: `${db}: class-list import, all of it under the authorize load`,
          measured: wholeRate,
          target: '—',
          met: null,
        },
      ]
    : [
        {
          figure: `${db}: class-list import, its first ${window.seconds.toFixed(0)} s, under the authorize load`,
          measured: `${whole(rate(window.rows, window.seconds))} rows/s (${whole(window.rows)} rows read in ${window.seconds.toFixed(1)} s)`,
          target: '—',
          met: null,
        },
        {
          figure: `${db}: class-list import, whole (the load ran its first ${window.seconds.toFixed(0)} s only)`,
          measured: wholeRate,
          target: '—',
          met: null,
        },
      ];
  checks.push({
    figure: `${db}: peak RSS of the process during the import`,
    measured: `${whole(imported.peakRssMb)} MB (${whole(imported.peakRssMb - imported.baselineRssMb)} MB above the ${whole(imported.baselineRssMb)} MB before)`,
    target: '—',
    met: null,
  });
  if (during === null) {
    checks.push({
      figure: `${db}: authorize during ${span} vs without`,
      measured: `not measured: no round ran during the import (alone ${alone.toFixed(0)} req/s)`,
      target: `≥ ${TARGETS.authorizeRatio * 100} %`,
      met: null,
    });
  } else {
    const ratio = alone === 0 ? 0 : rate(during.requests, during.seconds) / alone;
    checks.push({
      figure: `${db}: authorize during ${span} vs without`,
      measured: `${(100 * ratio).toFixed(0)} % (${rate(during.requests, during.seconds).toFixed(0)} vs ${alone.toFixed(0)} req/s; p99 ${during.p99Ms.toFixed(0)} vs ${figures.authorize.alone.p99Ms.toFixed(0)} ms)`,
      target: `≥ ${TARGETS.authorizeRatio * 100} %`,
      met: ratio >= TARGETS.authorizeRatio,
    });
  }
  for (const exported of figures.exports) {
    const perSecond = rate(exported.claims, exported.seconds);
    const above = exported.peakRssMb - exported.baselineRssMb;
    checks.push(
      {
        figure: `${db}: ${exported.format} export`,
        measured: `${whole(perSecond)} claims/s (${whole(exported.claims)} claims, ${whole(exported.bytes / 1024 ** 2)} MB in ${exported.seconds.toFixed(1)} s)`,
        target: `≥ ${whole(TARGETS.exportClaimsPerSecond)} claims/s`,
        met: perSecond >= TARGETS.exportClaimsPerSecond,
      },
      {
        figure: `${db}: ${exported.format} export, peak RSS of its process above its size before`,
        measured: `${whole(above)} MB (${whole(exported.baselineRssMb)} MB before, peak ${whole(exported.peakRssMb)} MB)`,
        target: `≤ ${TARGETS.exportRssAboveBaselineMb} MB`,
        met: above <= TARGETS.exportRssAboveBaselineMb,
      },
    );
  }
  checks.push({
    figure: `${db}: claim queue page, p95`,
    measured: `${figures.queue.p95Ms.toFixed(1)} ms (p50 ${figures.queue.p50Ms.toFixed(1)} ms, ${figures.queue.requests} requests, ${whole(figures.queue.matching)} matching)`,
    target: `≤ ${TARGETS.queueP95Ms} ms`,
    met: figures.queue.p95Ms <= TARGETS.queueP95Ms,
  });
  return checks;
}

const verdict = (met: boolean | null) => (met === null ? '—' : met ? 'pass' : '**FAIL**');

const runInfo = (run: DataIoFigures) =>
  `started ${run.date} on ${run.machine}, commit ${run.commit}, load average (1 min) before it ` +
  `${run.loadAverageBefore}, N: ${whole(run.members)} class members imported, ` +
  `${whole(run.claims)} claims exported`;

const engineRank = (run: DataIoFigures) =>
  Math.min(...run.databases.map((db) => ENGINE_ORDER.indexOf(db.database)));

/**
 * The section's runs once `latest` is in: an earlier run keeps only the engines `latest` did
 * not measure, and a run left with none is dropped.
 */
export function mergeRuns(
  earlier: readonly DataIoFigures[],
  latest: DataIoFigures,
): DataIoFigures[] {
  const measured = new Set(latest.databases.map((db) => db.database));
  const kept = earlier
    .map((run) => ({ ...run, databases: run.databases.filter((db) => !measured.has(db.database)) }))
    .filter((run) => run.databases.length > 0);
  return [...kept, latest].sort((a, b) => engineRank(a) - engineRank(b));
}

/** The runs whose figures the section of `results` shows; none when it has no section. */
export function readDataIoRuns(results: string): DataIoFigures[] {
  const section = results.split(SECTION_START, 2)[1]?.split(SECTION_END, 2)[0];
  const start = section?.indexOf(FIGURES_MARK) ?? -1;
  if (section === undefined || start === -1) return [];
  const end = section.indexOf(' -->', start);
  try {
    const runs: unknown = JSON.parse(section.slice(start + FIGURES_MARK.length, end));
    if (!Array.isArray(runs)) return [];
    return runs.filter(
      (run): run is DataIoFigures =>
        typeof run === 'object' &&
        run !== null &&
        Array.isArray((run as Partial<DataIoFigures>).databases),
    );
  } catch {
    return [];
  }
}

/** The section showing `runs` (each engine measured by one of them), SQLite first. */
export function renderDataIoSection(runs: readonly DataIoFigures[]): string {
  const ordered = [...runs].sort((a, b) => engineRank(a) - engineRank(b));
  const databases = ENGINE_ORDER.flatMap((engine) =>
    ordered.flatMap((run) => run.databases.filter((db) => db.database === engine)),
  );
  const checks = databases.flatMap(dataIoChecks);
  const queueRequest = databases[0]?.queue.request ?? '—';
  const limits = [...new Set(databases.map((db) => db.loadWindow.limitSeconds))];
  const windows =
    limits.length === 1
      ? `${limits[0]} s`
      : databases.map((db) => `${db.loadWindow.limitSeconds} s (${db.database})`).join(', ');
  const only = ordered.length === 1 ? ordered[0] : undefined;
  const runLines =
    only === undefined
      ? ordered.map(
          (run) => `- ${run.databases.map((db) => db.database).join(' and ')}: ${runInfo(run)}`,
        )
      : [
          `- Date: ${only.date}`,
          `- Machine: ${only.machine}`,
          `- Commit: ${only.commit}`,
          `- Load average (1 min) before the run: ${only.loadAverageBefore}`,
          `- N: ${whole(only.members)} class members imported, ${whole(only.claims)} claims exported`,
        ];
  // JSON has no '>' outside its strings, and '\u003e' inside one reads back the same.
  const stored = JSON.stringify(ordered).replaceAll('>', '\\u003e');
  const lines = [
    SECTION_START,
    '## Data in and out at scale (issue 16)',
    '',
    'Written by `npm run bench:data-io` (bench/src/data-io): a generated class list imported ' +
      "through the import job the command line runs, on an in-process server, while the demo's " +
      "claimants authorize over HTTP on 127.0.0.1 for the import's first stretch (the same load " +
      'is measured without an import first); claims seeded straight into the database, exported ' +
      'as CSV and JSONL through the export job; the claim queue read by a signed-in supervisor. ' +
      "The import's RSS is the VmRSS of the one process that runs the server, the jobs and the " +
      'load; each export runs in a server process of its own over the same database ' +
      "(export-process.ts), and its RSS is that process's high-water mark. Figures " +
      `of ${ordered.length === 1 ? 'one run' : 'one run per engine'} on one machine.`,
    '',
    ...runLines,
    `- Queue request: \`GET ${queueRequest}\``,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    ...checks.map(
      (check) =>
        `| ${check.figure} | ${check.measured} | ${check.target} | ${verdict(check.met)} |`,
    ),
    '',
    `Authorize: rounds of ${AUTHORIZE_ROUND} claimants, each with its own session, CSRF token ` +
      `and solved captcha, prepared between rounds (untimed, but the sign-ins reach the server), ` +
      `${AUTHORIZE_CONNECTIONS} connections. During the import the load runs from the import's ` +
      `start for at most ${windows} (DATA_IO_LOAD_WINDOW_SECONDS), or until the ` +
      'import ends if that is sooner, then stops: a round that started inside that window runs ' +
      'to its end and counts, so the window closes at the end of the last round (or at the ' +
      "import's end). The authorize figures are the rounds of that window against the rounds " +
      "without an import. The import's rate under the load is the rows it had read and checked " +
      "by the window's close, divided by the window's length; its whole rate is every row " +
      'divided by the whole job (the merge into the live table included), the part after the ' +
      'window running without the load; its peak RSS is over the whole job.',
    '',
    `Claims seeded in ${databases.map((db) => `${db.seedSeconds.toFixed(1)} s (${db.database})`).join(', ')}, ` +
      'batch inserts in transactions; not a figure of the product.',
    '',
    `${FIGURES_MARK}${stored} -->`,
    SECTION_END,
  ];
  return `${lines.join('\n')}\n`;
}

/** RESULTS.md with this section in place of the earlier run's, or added at its end. */
export function withDataIoSection(results: string, section: string): string {
  const [before, rest] = results.split(SECTION_START, 2);
  const after = rest?.split(SECTION_END, 2)[1];
  if (before === undefined || after === undefined) return `${results.trimEnd()}\n\n${section}`;
  return `${before}${section.trimEnd()}${after}`;
}
