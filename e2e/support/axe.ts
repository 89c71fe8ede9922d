import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA as the issues define it; target-size is off in axe by default. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: [...AXE_TAGS] },
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.map(String).join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        )
        .join('\n');
      return `  ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n${targets}`;
    })
    .join('\n');
}

/**
 * Waits for the page's finite CSS transitions and animations (a dialog fading in) to end, so
 * that axe measures the colours the claimant finally sees rather than a frame of a fade. Two
 * animation frames first let a transition that a class change is about to start begin.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe-core in the page; evaluated through the DevTools protocol, so the site's CSP does not block it. */
export async function runAxe(page: Page): Promise<AxeResults> {
  await settleAnimations(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (options) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
        }
      ).axe.run(document, options),
    RUN_OPTIONS,
  );
}

/** Fails with a readable list (rule, impact, help, targets) when axe finds any violation. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await runAxe(page);
  if (results.violations.length > 0) {
    throw new Error(
      `axe found ${results.violations.length} accessibility violation(s) on ${where} (${page.url()}):\n${describeViolations(results.violations)}`,
    );
  }
}
