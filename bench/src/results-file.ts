import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ANALYSIS_FILE, RESULTS_FILE, TMP } from './bench-paths';
import path from 'node:path';
import { renderResults, type BenchResults } from './report';

/** The figures of the last run, so RESULTS.md can be written again without running again. */
export const RESULTS_JSON = path.join(TMP, 'results.json');

function analysis(): string | undefined {
  return existsSync(ANALYSIS_FILE) ? readFileSync(ANALYSIS_FILE, 'utf8') : undefined;
}

/** Writes RESULTS.md (with bench/ANALYSIS.md, when there is one) and keeps the figures. */
export function writeResults(results: BenchResults): void {
  writeFileSync(RESULTS_JSON, JSON.stringify(results, null, 2));
  writeFileSync(RESULTS_FILE, renderResults(results, analysis()));
}

/** Writes RESULTS.md again from the last run's figures and the current ANALYSIS.md. */
export function rewriteResults(): void {
  if (!existsSync(RESULTS_JSON)) {
    throw new Error(`${RESULTS_JSON} does not exist; run npm run bench first`);
  }
  const results = JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as BenchResults;
  writeFileSync(RESULTS_FILE, renderResults(results, analysis()));
}
