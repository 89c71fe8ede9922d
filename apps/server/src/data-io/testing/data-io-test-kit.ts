import {
  DATA_IO_PATHS,
  dataJobFilePath,
  dataJobPath,
  type DataJob,
  type ImportKind,
  type ImportMode,
  type StartExportRequest,
} from '@claims/core/admin/data-io-api';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { withQuery } from '@claims/core/routes';
import type { AdminBrowser } from '../../admin/testing/admin-test-kit';

/** Imports and exports through the admin API, as the console makes them. */

export async function postImport(
  browser: AdminBrowser,
  kind: ImportKind,
  mode: ImportMode,
  csv: string,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  const encoded = new Response(form);
  return browser.request({
    method: 'POST',
    url: withQuery(DATA_IO_PATHS.imports, { kind, mode }),
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  });
}

export function postExport(
  browser: AdminBrowser,
  request: StartExportRequest,
): Promise<LightMyRequestResponse> {
  return browser.request({ method: 'POST', url: DATA_IO_PATHS.exports, payload: request });
}

/** Polls the job until it is done or failed (the queue's workers run it). */
export async function finishedJob(browser: AdminBrowser, id: string): Promise<DataJob> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await browser.request({ method: 'GET', url: dataJobPath(id) });
    const job = response.json<DataJob>();
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts an import and waits for it to finish. */
export async function importAndWait(
  browser: AdminBrowser,
  kind: ImportKind,
  mode: ImportMode,
  csv: string,
): Promise<DataJob> {
  const response = await postImport(browser, kind, mode, csv);
  if (response.statusCode !== 200) throw new Error(`import answered ${response.body}`);
  return finishedJob(browser, response.json<DataJob>().id);
}

export async function exportAndWait(
  browser: AdminBrowser,
  request: StartExportRequest,
): Promise<DataJob> {
  const response = await postExport(browser, request);
  if (response.statusCode !== 200) throw new Error(`export answered ${response.body}`);
  return finishedJob(browser, response.json<DataJob>().id);
}

export function downloadFile(browser: AdminBrowser, id: string): Promise<LightMyRequestResponse> {
  return browser.request({ method: 'GET', url: dataJobFilePath(id) });
}

/** A CSV's rows as objects keyed by its header. */
export function csvRecords(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}
