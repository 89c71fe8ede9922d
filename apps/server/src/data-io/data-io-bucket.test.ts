import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataJob } from '@claims/core/admin/data-io-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../test-fakes/s3-bucket';
import { fileTestClaim } from '../admin/claims/testing/claim-fixtures';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { signedInAdmin, type AdminBrowser } from '../admin/testing/admin-test-kit';
import { startTestApp, type TestApp } from '../test/test-app';
import {
  csvRecords,
  downloadFile,
  exportAndWait,
  finishedJob,
  importAndWait,
  postExport,
  postImport,
} from './testing/data-io-test-kit';

/**
 * Imports and exports with the data files in the bucket (S3_BUCKET): nothing is kept on the
 * instance's disk, so a job runs on any instance and its file downloads from any.
 */

/** The files under DATA_DIR/data-io, its work folder's included. */
async function localFiles(dataDir: string): Promise<string[]> {
  const folder = path.join(dataDir, 'data-io');
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

let serial = 0;
function noticeId(): string {
  serial += 1;
  return `NW${String(71_000_000 + serial)}`;
}

describe('imports and exports with the data files in the bucket', () => {
  let bucket: TestBucket;
  const bucketEnv: Record<string, string> = {};
  beforeAll(async () => {
    bucket = await startTestBucket();
    Object.assign(bucketEnv, bucket.env);
  });
  const env = useAdminTestApp(['supervisor'], { env: bucketEnv });
  afterAll(async () => bucket?.stop());
  const supervisor = () => env.browser('supervisor');

  it('imports a list uploaded to the bucket, keeps its report there and removes the upload', async () => {
    const [good, bad] = [noticeId(), noticeId()];

    const job = await importAndWait(
      supervisor(),
      'class-list',
      'valid-only',
      `NoticeId,Pin\n${good},123456\n${bad},12\n`,
    );

    expect(job).toMatchObject({ state: 'done', applied: true, rowsRefused: 1 });
    const report = await downloadFile(supervisor(), job.id);
    expect(csvRecords(report.body)).toEqual([
      { line: '3', column: 'pin', problem: 'the PIN is not 4 to 12 digits' },
    ]);
    const keys = (await bucket.keys()).filter((key) => key.startsWith('data-io/'));
    expect(keys).toContain(`data-io/${job.id}-report.csv`);
    expect(keys.filter((key) => key.endsWith('-upload.csv'))).toEqual([]);
    expect(await localFiles(env.testApp.dataDir)).toEqual([]);
  });

  it('exports claims to the bucket and downloads them from it', async () => {
    const claim = await fileTestClaim(env.app);

    const job = await exportAndWait(supervisor(), { kind: 'claims-csv' });

    expect(await bucket.keys()).toContain(`data-io/${job.id}.csv`);
    const file = await downloadFile(supervisor(), job.id);
    expect(file.statusCode).toBe(200);
    expect(csvRecords(file.body).map((row) => row.Reference)).toContain(claim.referenceCode);
    expect(await localFiles(env.testApp.dataDir)).toEqual([]);
  });

  it('answers 404 for a file swept from the bucket', async () => {
    const job = await exportAndWait(supervisor(), { kind: 'claims-jsonl' });
    await env.app.dataIo.context.files.remove(`${job.id}.jsonl`);

    const response = await downloadFile(supervisor(), job.id);

    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe(
      'The file of this claims-jsonl job is no longer kept.',
    );
  });
});

const SHARED_SECRETS = {
  SESSION_SECRET: 'data-io-two-instances-session-secret-0123456789',
  PIN_PEPPER: 'data-io-two-instances-pin-pepper-0123456789abcd',
};

// Two instances on one SQLite file are not how the server is deployed: PostgreSQL only.
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'two instances sharing PostgreSQL and the bucket, each with a data folder of its own',
  () => {
    let bucket: TestBucket;
    let a: TestApp;
    let b: TestApp;
    let bDataDir: string;
    let onA: AdminBrowser;
    beforeAll(async () => {
      bucket = await startTestBucket();
      a = await startTestApp({ env: { ...bucket.env, ...SHARED_SECRETS } });
      bDataDir = await mkdtemp(path.join(tmpdir(), 'claims-data-b-'));
      b = await startTestApp({
        shareStoreWith: a,
        env: { ...bucket.env, ...SHARED_SECRETS, DATA_DIR: bDataDir },
      });
      onA = await signedInAdmin(a.app, 'supervisor');
      // A takes requests but runs no job: B runs them all.
      await a.app.jobs.stop();
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await bucket?.stop();
      await rm(bDataDir, { recursive: true, force: true });
    });

    async function startedOnA(response: { statusCode: number; body: string }): Promise<DataJob> {
      expect(response.statusCode, response.body).toBe(200);
      return finishedJob(onA, (JSON.parse(response.body) as DataJob).id);
    }

    it('runs on B an import uploaded through A, whose report A downloads', async () => {
      const [good, bad] = [noticeId(), noticeId()];

      const job = await startedOnA(
        await postImport(
          onA,
          'class-list',
          'valid-only',
          `NoticeId,Pin\n${good},123456\n${bad},\n`,
        ),
      );

      expect(job).toMatchObject({ state: 'done', applied: true, rowsRefused: 1 });
      const loaded = await b.app.db
        .selectFrom('class_members')
        .select('notice_id')
        .where('notice_id', 'in', [good, bad])
        .execute();
      expect(loaded).toEqual([{ notice_id: good }]);
      const report = await downloadFile(onA, job.id);
      expect(report.statusCode).toBe(200);
      expect(csvRecords(report.body)).toEqual([
        { line: '3', column: 'pin', problem: 'pin is empty' },
      ]);
      expect(await localFiles(a.dataDir)).toEqual([]);
      expect(await localFiles(bDataDir)).toEqual([]);
    });

    it('downloads through A an export that B ran', async () => {
      const claim = await fileTestClaim(a.app);

      const job = await startedOnA(await postExport(onA, { kind: 'claims-csv' }));

      expect(job.state).toBe('done');
      const file = await downloadFile(onA, job.id);
      expect(file.statusCode).toBe(200);
      expect(csvRecords(file.body).map((row) => row.Reference)).toContain(claim.referenceCode);
    });
  },
);
