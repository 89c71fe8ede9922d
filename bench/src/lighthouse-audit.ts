import lighthouse, { snapshot } from 'lighthouse';
import type { Page } from 'puppeteer-core';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseFigures {
  page: string;
  /**
   * navigation: a cold load of the URL (every category, with LCP, TBT and CLS); snapshot: the
   * page as it stands in the browser, reached through the app (accessibility and best
   * practices; Lighthouse gives no performance score or load metrics for a snapshot).
   */
  mode: 'navigation' | 'snapshot';
  url: string;
  finalUrl: string;
  /** 0–100, as Lighthouse shows them. */
  scores: Record<LighthouseCategory, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits of the three categories that did not pass, for the findings. */
  failedAudits: {
    category: LighthouseCategory;
    id: string;
    title: string;
    displayValue?: string;
  }[];
  runtimeError?: string;
}

interface LhrAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
}

interface Lhr {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhrAudit>;
  runtimeError?: { code: string; message: string };
}

/** The figures of a Lighthouse result (its JSON report). */
export function lighthouseFigures(
  page: string,
  url: string,
  lhr: Lhr,
  mode: LighthouseFigures['mode'] = 'navigation',
): LighthouseFigures {
  const score = (category: LighthouseCategory) =>
    Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits: LighthouseFigures['failedAudits'] = [];
  for (const category of LIGHTHOUSE_CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit === undefined || audit.score === null || audit.score >= 0.9) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      failedAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        ...(audit.displayValue === undefined ? {} : { displayValue: audit.displayValue }),
      });
    }
  }
  return {
    page,
    mode,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failedAudits,
    ...(lhr.runtimeError === undefined
      ? {}
      : { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }),
  };
}

/**
 * Lighthouse's default run: a mid-range phone (mobile emulation, simulated slow 4G and a 4×
 * slower CPU), on an already launched Chromium. The cookie carries an authorized session.
 */
export async function runLighthouse(
  devtoolsPort: number,
  page: string,
  url: string,
  cookie: string,
): Promise<LighthouseFigures> {
  let figures: LighthouseFigures | undefined;
  // A trace occasionally fails to record (NO_NAVSTART) on a busy machine; one retry settles it.
  for (
    let attempt = 1;
    attempt <= 2 && (figures === undefined || figures.runtimeError !== undefined);
    attempt += 1
  ) {
    const result = await lighthouse(url, {
      port: devtoolsPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      ...(cookie === '' ? {} : { extraHeaders: { Cookie: cookie } }),
    });
    if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
    figures = lighthouseFigures(page, url, result.lhr as unknown as Lhr);
  }
  return figures as LighthouseFigures;
}

/** Accessibility and best practices of the page as it stands (reached by the caller through the app). */
export async function runSnapshot(page: Page, name: string): Promise<LighthouseFigures> {
  const result = await snapshot(page as unknown as Parameters<typeof snapshot>[0], {
    flags: { logLevel: 'error', onlyCategories: ['accessibility', 'best-practices'] },
  });
  if (result === undefined) throw new Error(`Lighthouse returned no snapshot of ${page.url()}`);
  return lighthouseFigures(name, page.url(), result.lhr as unknown as Lhr, 'snapshot');
}
