import type { LighthouseFigures } from './lighthouse-audit';
import type { LoadFigures } from './load';
import type { ThemeSizes } from './web-sizes';

/**
 * The budgets of issue 6 ("Benchmarks and budgets"), raised by issue 20 ("Performance"): claims
 * filed at least as fast as a server that fsyncs each claim alone, forms config at 90 % of a
 * bare route. KB is 1,000 bytes, as Vite reports it.
 */
export const TARGETS = {
  submissionThroughputRatio: 1,
  submissionP99Ms: 250,
  authorizeThroughputRatio: 0.6,
  formsConfigThroughputRatio: 0.9,
  landingJsGzipBytes: 100_000,
  routeJsGzipBytes: 180_000,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  lighthouseBestPractices: 95,
  serverRssBytes: 200 * 1024 * 1024,
} as const;

/** A measured load run beside the same load on the baseline. */
export interface LoadComparison {
  server: LoadFigures;
  baseline: LoadFigures;
  /** RSS of the server process right after this run. */
  serverRssBytes: number;
  baselineRssBytes: number;
}

export interface Check {
  group: string;
  name: string;
  measured: string;
  target: string;
  pass: boolean;
}

export function ratio(comparison: LoadComparison): number {
  return comparison.baseline.requestsPerSecond === 0
    ? 0
    : comparison.server.requestsPerSecond / comparison.baseline.requestsPerSecond;
}

/** Connection errors, timeouts, non-2xx answers and 2xx answers that were not a success. */
export function failures(figures: LoadFigures): number {
  return figures.errors + figures.non2xx + figures.mismatches;
}

const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function submissionChecks(group: string, comparison: LoadComparison): Check[] {
  const throughput = ratio(comparison);
  const errors = failures(comparison.server);
  return [
    {
      group,
      name: 'throughput vs baseline',
      measured: `${percent(throughput)} (${comparison.server.requestsPerSecond.toFixed(0)} vs ${comparison.baseline.requestsPerSecond.toFixed(0)} req/s)`,
      target: `≥ ${percent(TARGETS.submissionThroughputRatio)}`,
      pass: throughput >= TARGETS.submissionThroughputRatio,
    },
    {
      group,
      name: 'p99 latency, 64 concurrent',
      measured: `${comparison.server.p99Ms.toFixed(0)} ms`,
      target: `≤ ${TARGETS.submissionP99Ms} ms`,
      pass: comparison.server.p99Ms <= TARGETS.submissionP99Ms,
    },
    {
      group,
      name: 'errors',
      measured: String(errors),
      target: '0',
      pass: errors === 0 && comparison.server.requests > 0,
    },
  ];
}

export function ratioCheck(group: string, comparison: LoadComparison, minimum: number): Check {
  const throughput = ratio(comparison);
  return {
    group,
    name: 'throughput vs bare Fastify JSON route',
    measured: `${percent(throughput)} (${comparison.server.requestsPerSecond.toFixed(0)} vs ${comparison.baseline.requestsPerSecond.toFixed(0)} req/s)`,
    target: `≥ ${percent(minimum)}`,
    pass: throughput >= minimum && failures(comparison.server) === 0,
  };
}

export function rssCheck(group: string, rssBytes: number): Check {
  return {
    group,
    name: 'server RSS at the end of the load',
    measured: mb(rssBytes),
    target: `≤ ${mb(TARGETS.serverRssBytes)}`,
    pass: rssBytes <= TARGETS.serverRssBytes,
  };
}

export function webChecks(
  themes: readonly ThemeSizes[],
  landingRoutes: readonly string[],
): Check[] {
  const checks: Check[] = [];
  for (const theme of themes) {
    for (const landing of landingRoutes) {
      const route = theme.routes.find((candidate) => candidate.route === landing);
      if (route === undefined) continue;
      checks.push({
        group: `web build, ${theme.theme}`,
        name: `initial JS of ${landing} (gzip)`,
        measured: kb(route.sizes.js.gzip),
        target: `≤ ${kb(TARGETS.landingJsGzipBytes)}`,
        pass: route.sizes.js.gzip <= TARGETS.landingJsGzipBytes,
      });
    }
    checks.push({
      group: `web build, ${theme.theme}`,
      name: `heaviest route ${theme.heaviest.route} (JS, gzip)`,
      measured: kb(theme.heaviest.sizes.js.gzip),
      target: `≤ ${kb(TARGETS.routeJsGzipBytes)}`,
      pass: theme.heaviest.sizes.js.gzip <= TARGETS.routeJsGzipBytes,
    });
  }
  return checks;
}

export function lighthouseChecks(pages: readonly LighthouseFigures[]): Check[] {
  return pages.flatMap((page) => {
    const group = `Lighthouse mobile, ${page.page}`;
    const ran = page.runtimeError === undefined;
    const checks: Check[] = [
      {
        group,
        name: 'accessibility',
        measured: String(page.scores.accessibility),
        target: `${TARGETS.lighthouseAccessibility}`,
        pass: ran && page.scores.accessibility >= TARGETS.lighthouseAccessibility,
      },
      {
        group,
        name: 'best practices',
        measured: String(page.scores['best-practices']),
        target: `≥ ${TARGETS.lighthouseBestPractices}`,
        pass: ran && page.scores['best-practices'] >= TARGETS.lighthouseBestPractices,
      },
    ];
    // A snapshot has no performance score (lighthouse-audit.ts).
    if (page.mode === 'navigation') {
      checks.unshift({
        group,
        name: 'performance',
        measured: String(page.scores.performance),
        target: `≥ ${TARGETS.lighthousePerformance}`,
        pass: ran && page.scores.performance >= TARGETS.lighthousePerformance,
      });
    }
    return checks;
  });
}
