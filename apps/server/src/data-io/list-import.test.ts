import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { TestClient } from '../test/test-app';
import { createDataJob } from './data-jobs';
import { runDataJob } from './data-job-runner';
import { csvRecords, downloadFile, importAndWait } from './testing/data-io-test-kit';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const env = useAdminTestApp(['supervisor']);
const supervisor = () => env.browser('supervisor');

let serial = 0;
function noticeId(): string {
  serial += 1;
  return `NW${String(70_000_000 + serial)}`;
}

async function members(ids: readonly string[]) {
  return env.app.db
    .selectFrom('class_members')
    .select(['notice_id', 'data'])
    .where('notice_id', 'in', ids)
    .execute();
}

describe('a class list import', () => {
  it('loads the good rows and reports each bad one by line, column and problem', async () => {
    const [good1, good2, badPin] = [noticeId(), noticeId(), noticeId()];
    const csv = [
      'NoticeId,Pin,FirstName',
      `${good1},123456,Ann`,
      `${badPin},12x,Bob`,
      `${good2},654321,Cy`,
      `${good1},111111,Dup`,
      'not an id!,123456,Eve',
      'AB12345678,123456,Fay',
    ].join('\n');

    const job = await importAndWait(supervisor(), 'class-list', 'valid-only', csv);

    expect(job).toMatchObject({ state: 'done', applied: true, rowsDone: 6, rowsRefused: 4 });
    const loaded = await members([good1, good2, badPin]);
    expect(loaded.map((row) => row.notice_id).sort()).toEqual([good1, good2].sort());
    expect(JSON.parse(loaded.find((row) => row.notice_id === good1)!.data)).toEqual({
      firstName: 'Ann',
    });
    const report = await downloadFile(supervisor(), job.id);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(report.headers['x-content-type-options']).toBe('nosniff');
    expect(csvRecords(report.body)).toEqual([
      { line: '3', column: 'pin', problem: 'the PIN is not 4 to 12 digits' },
      { line: '5', column: 'noticeId', problem: `noticeId "${good1}" already appears on line 2` },
      {
        line: '6',
        column: 'noticeId',
        problem: '"NOT AN ID!" is not a Notice ID (1 to 40 letters, digits or hyphens)',
      },
      {
        line: '7',
        column: 'noticeId',
        problem: expect.stringContaining('NW followed by 8 digits'),
      },
    ]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    "refreshes PostgreSQL's statistics of the staged list before merging it",
    async () => {
      const analyzed = async () => {
        const { rows } = await sql<{ count: string | number }>`
          select analyze_count + autoanalyze_count as count
          from pg_stat_user_tables
          where relname = 'list_staging' and schemaname = current_schema()`.execute(env.app.db);
        return Number(rows[0]?.count ?? 0);
      };
      const before = await analyzed();
      const csv = ['NoticeId,Pin,FirstName', `${noticeId()},123456,Gus`].join('\n');
      await importAndWait(supervisor(), 'class-list', 'valid-only', csv);
      // The statistics collector reports a moment after the statement.
      await expect.poll(analyzed, { timeout: 5_000 }).toBeGreaterThan(before);
    },
  );

  it('changes nothing when all-or-nothing and a row is refused', async () => {
    const [good, bad] = [noticeId(), noticeId()];
    const csv = `NoticeId,Pin\n${good},123456\n${bad},\n`;

    const job = await importAndWait(supervisor(), 'class-list', 'all-or-nothing', csv);

    expect(job).toMatchObject({ state: 'done', applied: false, rowsRefused: 1 });
    expect(await members([good, bad])).toEqual([]);
    expect(csvRecords((await downloadFile(supervisor(), job.id)).body)).toEqual([
      { line: '3', column: 'pin', problem: 'pin is empty' },
    ]);
  });

  it('fails with the reason when a required column is missing', async () => {
    const job = await importAndWait(supervisor(), 'class-list', 'valid-only', 'Pin\n123456\n');

    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/column "noticeId" is missing/);
  });

  it('fails naming the line of a row with the wrong number of fields', async () => {
    const csv = `NoticeId,Pin\n${noticeId()},123456\n${noticeId()},1,extra\n`;

    const job = await importAndWait(supervisor(), 'class-list', 'valid-only', csv);

    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      'The file cannot be imported: line 3: 3 fields; expected 2 (NoticeId, Pin).',
    );
  });

  it('lets a claimant sign in while a large list is imported, and shows none of it until done', async () => {
    const existing = noticeId();
    await importAndWait(
      supervisor(),
      'class-list',
      'valid-only',
      `NoticeId,Pin\n${existing},424242\n`,
    );
    const rows = Array.from({ length: 20_000 }, (_, i) => `NW${String(80_000_000 + i)},123456`);
    const file = path.join(env.testApp.dataDir, 'bulk.csv');
    await writeFile(file, `NoticeId,Pin\n${rows.join('\n')}\n`);
    const job = await createDataJob(
      env.app.db,
      { kind: 'class-list', mode: 'valid-only', input: { file, author: {} }, createdBy: null },
      env.app.now(),
    );

    const client = new TestClient(env.app);
    await client.csrf();
    let finished = false;
    const importing = runDataJob(env.app.dataIo.context, job.id).then(() => {
      finished = true;
    });
    const response = await client.authorize('Standard', { noticeId: existing, pin: '424242' });
    const visibleMeanwhile = await members(['NW80000000', 'NW80019999']);
    const answeredDuringImport = !finished;
    await importing;

    expect(response.statusCode, response.body).toBe(200);
    expect(answeredDuringImport).toBe(true);
    expect(visibleMeanwhile).toEqual([]);
    expect(await members(['NW80000000', 'NW80019999'])).toHaveLength(2);
  });

  it('merges nothing twice when run again after it finished', async () => {
    const id = noticeId();
    const file = path.join(env.testApp.dataDir, 'again.csv');
    await writeFile(file, `NoticeId,Pin\n${id},123456\n`);
    const job = await createDataJob(
      env.app.db,
      { kind: 'class-list', mode: 'valid-only', input: { file, author: {} }, createdBy: null },
      env.app.now(),
    );
    await runDataJob(env.app.dataIo.context, job.id);
    await env.app.db
      .updateTable('data_jobs')
      .set({ state: 'running' })
      .where('id', '=', job.id)
      .execute();

    await runDataJob(env.app.dataIo.context, job.id);

    expect(await members([id])).toHaveLength(1);
    const effects = await env.app.db
      .selectFrom('job_effects')
      .select('key')
      .where('key', '=', `data-job:${job.id}:merge`)
      .execute();
    expect(effects).toHaveLength(1);
  });
});

describe('a vehicle list import', () => {
  it('refuses a VIN whose check digit is wrong and loads the others', async () => {
    const csv = 'Vin,Year,Make\n1NWVRS2F5JR162080,2018,Northwind\n1NWVRS2F6JR162080,2018,Bad\n';

    const job = await importAndWait(supervisor(), 'vehicle-list', 'valid-only', csv);

    expect(job).toMatchObject({ state: 'done', applied: true, rowsRefused: 1 });
    const report = csvRecords((await downloadFile(supervisor(), job.id)).body);
    expect(report).toEqual([
      {
        line: '3',
        column: 'vin',
        problem:
          '"1NWVRS2F6JR162080" is not a valid VIN (17 letters or digits without I, O or Q, with a correct check digit)',
      },
    ]);
    const vehicle = await env.app.db
      .selectFrom('vehicles')
      .select('data')
      .where('vin', '=', '1NWVRS2F5JR162080')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(vehicle.data)).toEqual({ year: '2018', make: 'Northwind' });
  });
});
