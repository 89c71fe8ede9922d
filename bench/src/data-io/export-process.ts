import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { ExportKind } from '@claims/core/admin/data-io-api';
import { buildApp } from '../../../apps/server/src/app';
import { readConfig } from '../../../apps/server/src/config';
import type { DataJobAuthor } from '../../../apps/server/src/data-io/data-io-context';
import { startExport } from '../../../apps/server/src/data-io/data-io-service';
import { runDataJob } from '../../../apps/server/src/data-io/data-job-runner';
import { findDataJob } from '../../../apps/server/src/data-io/data-jobs';
import { PeakRss } from './peak-rss';

/**
 * One export job in a process of its own, as an instance of the server that runs jobs would run
 * it (docs/deploy.md): the server's app over the benchmark's database, nothing else in the
 * process. Its RSS before the job and its peak during it (PeakRss, started once the app has
 * started) are the export's memory, not the garbage of the load and the seeding that share the
 * benchmark's own process. Prints one JSON line of figures.
 *
 * Environment: EXPORT_KIND (claims-csv or claims-jsonl), EXPORT_DATA_DIR, EXPORT_CASE_DIR and,
 * for PostgreSQL, EXPORT_DATABASE_URL.
 */

export interface ExportProcessFigures {
  jobId: string;
  claims: number;
  seconds: number;
  outputFile: string;
  bytes: number;
  baselineRssMb: number;
  peakRssMb: number;
}

const AUTHOR: DataJobAuthor = { email: null, role: null, ipAddress: null };

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} must be set`);
  return value;
}

async function main(): Promise<void> {
  const kind = required('EXPORT_KIND') as ExportKind;
  const dataDir = required('EXPORT_DATA_DIR');
  const databaseUrl = process.env.EXPORT_DATABASE_URL;
  const config = readConfig({
    DATA_DIR: dataDir,
    CASE_DIR: required('EXPORT_CASE_DIR'),
    LOG_LEVEL: 'silent',
    WEB_DIST: `${dataDir}/no-web-build`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config });
  try {
    await app.ready();
    const context = app.dataIo.context;
    const peak = new PeakRss();
    const started = performance.now();
    const job = await startExport(context, async () => undefined, AUTHOR, { kind, filters: {} });
    await runDataJob(context, job.id);
    const seconds = (performance.now() - started) / 1000;
    const memory = peak.stop();
    const row = await findDataJob(context.db, job.id);
    if (row?.state !== 'done' || row.output_file === null) {
      throw new Error(`the export did not finish: ${JSON.stringify(row)}`);
    }
    const figures: ExportProcessFigures = {
      jobId: job.id,
      claims: Number(row.rows_done),
      seconds,
      outputFile: row.output_file,
      bytes: (await stat(row.output_file)).size,
      ...memory,
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
