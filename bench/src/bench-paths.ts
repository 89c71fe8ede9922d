import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
/** Everything a run writes besides RESULTS.md (git-ignored): cases, data, logs, profiles. */
export const TMP = path.join(BENCH_DIR, '.tmp');
export const DEMO_CASE = path.join(REPO_ROOT, 'cases', 'demo');
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const RESULTS_FILE = path.join(BENCH_DIR, 'RESULTS.md');
export const ANALYSIS_FILE = path.join(BENCH_DIR, 'ANALYSIS.md');
/** Relative to REPO_ROOT, the processes' working folder: the production build of the server. */
export const SERVER_ENTRY = path.join('apps', 'server', 'dist', 'server.js');
export const BASELINE_ENTRY = path.join('bench', 'src', 'baseline-server.ts');
