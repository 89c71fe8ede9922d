import { rewriteResults } from './results-file';

// npm run bench:report: RESULTS.md again from the last run's figures, after ANALYSIS.md changed.
try {
  rewriteResults();
  console.log('wrote bench/RESULTS.md from bench/.tmp/results.json');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
