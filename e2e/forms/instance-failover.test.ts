import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../apps/server/test-fakes/s3-bucket';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  authorizeStandard,
  fillContactDetails,
  fillRepairRow,
  fillVehicleHistory,
  finishStandardClaim,
  repairRow,
} from '../support/journeys';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { startServer, type RunningServer } from '../support/server';

/**
 * Two instances on one PostgreSQL database and one bucket, behind a round-robin proxy
 * (docs/deploy.md): the instance a claimant was using dies mid-journey, and the claimant files
 * the claim without seeing an error. Needs TEST_DATABASE_URL (a PostgreSQL server the test may
 * create a database on) and psql.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);

if (TEST_DATABASE_URL === undefined || TEST_DATABASE_URL === '') {
  console.warn(
    'instance-failover: skipped, TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
}

async function psql(statement: string): Promise<void> {
  await run('psql', [TEST_DATABASE_URL ?? '', '-v', 'ON_ERROR_STOP=1', '-c', statement]);
}

let database = '';
let bucket: TestBucket | undefined;
const instances: RunningServer[] = [];
let proxy: RoundRobinProxy | undefined;

describe.skipIf(TEST_DATABASE_URL === undefined || TEST_DATABASE_URL === '')(
  'an instance dying mid-journey',
  () => {
    beforeAll(async () => {
      database = `claims_e2e_${randomBytes(5).toString('hex')}`;
      await psql(`create database ${database}`);
      bucket = await startTestBucket();
      const url = new URL(TEST_DATABASE_URL ?? '');
      url.pathname = `/${database}`;
      const shared = {
        DATABASE_URL: url.toString(),
        ...bucket.env,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        PIN_PEPPER: randomBytes(32).toString('base64url'),
        TRUST_PROXY: '1',
      };
      // One at a time: the first migrates the database and imports the class list.
      for (const name of ['failover-a', 'failover-b']) {
        instances.push(await startServer({ name, env: shared }));
      }
      proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
    });

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await bucket?.stop();
      if (database !== '') await psql(`drop database if exists ${database} with (force)`);
    });

    const session = useBrowser({ baseUrl: () => proxy?.url ?? '' });

    it('files the claim with no error shown when the first instance is killed after authorize', async () => {
      const { page } = session;
      const form = new FormDriver(page, await cultureTexts(proxy?.url ?? '', 'en'));
      const member = DEMO.standard;
      await page.goto('/standard?culture=en');
      await form.expectPage(K.standardLanding);
      await authorizeStandard(form, member.noticeId, member.pin);
      await fillContactDetails(form, 'failover@example.com');
      await form.advance(K.next, K.claimDetails);
      await form.type(K.vin, member.vin);
      await fillVehicleHistory(form, true);
      await fillRepairRow(form, repairRow(form, 0));

      await instances[0]?.kill();

      expect(await finishStandardClaim(form, member.fullName)).toMatch(/^[A-Z0-9-]+$/);
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      expect(session.pageErrors).toEqual([]);
    });
  },
);
