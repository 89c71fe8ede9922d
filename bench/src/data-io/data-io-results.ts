/**
 * The data import and export benchmark's section of bench/RESULTS.md (issue 16), between
 * markers, so that a run replaces only its own section and the other runs' figures stay.
 */

export const SECTION_START = '<!-- data-io:start -->';
export const SECTION_END = '<!-- data-io:end -->';

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
  /** The same authorize load without an import and while the import runs. */
  authorize: { alone: AuthorizeRate; duringImport: AuthorizeRate | null };
  /** Seconds the claims took to seed (not a figure of the product). */
  seedSeconds: number;
  exports: ExportFigures[];
  queue: { request: string; matching: number; requests: number; p50Ms: number; p95Ms: number };
}

export interface DataIoFigures {
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
  const alone = rate(figures.authorize.alone.requests, figures.authorize.alone.seconds);
  const during = figures.authorize.duringImport;
  const checks: Check[] = [
    {
      figure: `${db}: class-list import, under the authorize load`,
      measured: `${whole(rate(imported.rows, imported.seconds))} rows/s (${whole(imported.rows)} rows in ${imported.seconds.toFixed(1)} s, ${imported.refused} refused)`,
      target: '—',
      met: null,
    },
    {
      figure: `${db}: peak RSS of the process during the import`,
      measured: `${whole(imported.peakRssMb)} MB (${whole(imported.peakRssMb - imported.baselineRssMb)} MB above the ${whole(imported.baselineRssMb)} MB before)`,
      target: '—',
      met: null,
    },
  ];
  if (during === null) {
    checks.push({
      figure: `${db}: authorize during the import vs without`,
      measured: `not measured: the import ended before the load started (alone ${alone.toFixed(0)} req/s)`,
      target: `≥ ${TARGETS.authorizeRatio * 100} %`,
      met: null,
    });
  } else {
    const ratio = alone === 0 ? 0 : rate(during.requests, during.seconds) / alone;
    checks.push({
      figure: `${db}: authorize during the import vs without`,
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
        figure: `${db}: ${exported.format} export, peak RSS above the baseline`,
        measured: `${whole(above)} MB (peak ${whole(exported.peakRssMb)} MB)`,
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

export function renderDataIoSection(figures: DataIoFigures): string {
  const checks = figures.databases.flatMap(dataIoChecks);
  const queueRequest = figures.databases[0]?.queue.request ?? '—';
  const lines = [
    SECTION_START,
    '## Data in and out at scale (issue 16)',
    '',
    'Written by `npm run bench:data-io` (bench/src/data-io): a generated class list imported ' +
      "through the import job the command line runs, on an in-process server, while the demo's " +
      'claimants authorize over HTTP on 127.0.0.1 (the same load is measured without an import ' +
      'first); claims seeded straight into the database, exported as CSV and JSONL through the ' +
      'export job; the claim queue read by a signed-in supervisor. RSS is the VmRSS of the one ' +
      'process that runs the server, the jobs and the load. Figures of one run on one machine.',
    '',
    `- Date: ${figures.date}`,
    `- Machine: ${figures.machine}`,
    `- Commit: ${figures.commit}`,
    `- Load average (1 min) before the run: ${figures.loadAverageBefore}`,
    `- N: ${whole(figures.members)} class members imported, ${whole(figures.claims)} claims exported`,
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
      `and solved captcha, prepared between rounds (untimed), ${AUTHORIZE_CONNECTIONS} connections; during the import, every ` +
      "round that started before the import's end counts. The import's rate is taken with that " +
      'load running.',
    '',
    `Claims seeded in ${figures.databases.map((db) => `${db.seedSeconds.toFixed(1)} s (${db.database})`).join(', ')}, ` +
      'batch inserts in transactions; not a figure of the product.',
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
