import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ANALYSIS_FILE, RESULTS_FILE, TMP } from './bench-paths';
import path from 'node:path';
import { renderResults, type BenchResults } from './report';
import {
  SECTION_END as DATA_IO_END,
  SECTION_START as DATA_IO_START,
} from './data-io/data-io-results';
import { SECTION_END as FRAUD_END, SECTION_START as FRAUD_START } from './fraud/fraud-results';

/** The sections `npm run bench:fraud` and `npm run bench:data-io` write into RESULTS.md. */
const KEPT_SECTIONS: readonly (readonly [start: string, end: string])[] = [
  [FRAUD_START, FRAUD_END],
  [DATA_IO_START, DATA_IO_END],
];

/**
 * `rendered` with the sections of the other benchmarks that `previous` (RESULTS.md as it was)
 * holds, after it and in the same order: a run of npm run bench rewrites its own figures and
 * keeps theirs.
 */
export function withKeptSections(rendered: string, previous: string): string {
  const kept = KEPT_SECTIONS.flatMap(([start, end]) => {
    const from = previous.indexOf(start);
    const to = previous.indexOf(end, from);
    return from === -1 || to === -1 ? [] : [previous.slice(from, to + end.length)];
  });
  return kept.length === 0 ? rendered : `${rendered.trimEnd()}\n\n${kept.join('\n\n')}\n`;
}

function writeKeepingSections(rendered: string): void {
  const previous = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  writeFileSync(RESULTS_FILE, withKeptSections(rendered, previous));
}

/** The figures of the last run, so RESULTS.md can be written again without running again. */
export const RESULTS_JSON = path.join(TMP, 'results.json');

function analysis(): string | undefined {
  return existsSync(ANALYSIS_FILE) ? readFileSync(ANALYSIS_FILE, 'utf8') : undefined;
}

/**
 * Writes RESULTS.md (with bench/ANALYSIS.md, when there is one, and the other benchmarks'
 * sections it held) and keeps the figures.
 */
export function writeResults(results: BenchResults): void {
  writeFileSync(RESULTS_JSON, JSON.stringify(results, null, 2));
  writeKeepingSections(renderResults(results, analysis()));
}

/** Writes RESULTS.md again from the last run's figures and the current ANALYSIS.md. */
export function rewriteResults(): void {
  if (!existsSync(RESULTS_JSON)) {
    throw new Error(`${RESULTS_JSON} does not exist; run npm run bench first`);
  }
  const results = JSON.parse(readFileSync(RESULTS_JSON, 'utf8')) as BenchResults;
  writeKeepingSections(renderResults(results, analysis()));
}
