import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTestClaim, placeClaimAt } from '../admin/claims/testing/claim-fixtures';
import { runAdminCli } from '../admin/cli/admin-cli';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { csvRecords } from './testing/data-io-test-kit';

const env = useAdminTestApp([]);

function recordingIo() {
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  return {
    out,
    err,
    progress,
    io: {
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      readStdin: async () => '',
      progress: (line: string) => progress.push(line),
    },
  };
}

function run(argv: string[], io: ReturnType<typeof recordingIo>['io']) {
  return runAdminCli(
    argv,
    io,
    async () => {
      throw new Error('the accounts are not opened for imports');
    },
    async () => ({ context: env.app.dataIo.context, close: async () => undefined }),
  );
}

describe('the import and export commands', () => {
  it('import a class list with a progress line and say where the report is', async () => {
    const file = path.join(env.testApp.dataDir, 'cli-members.csv');
    await writeFile(file, 'NoticeId,Pin\nNW60000001,123456\nNW60000002,12\n');
    const { io, out, progress } = recordingIo();

    const code = await run(['import', 'class-list', file, '--mode', 'valid-only'], io);

    expect(code).toBe(0);
    expect(progress.some((line) => line.startsWith('[####################]  2/2 rows'))).toBe(true);
    expect(out[1]).toBe('Loaded the valid rows; 1 refused.');
    const report = out[2]!.replace(/^Report: /, '');
    expect(csvRecords(await readFile(report, 'utf8'))).toEqual([
      { line: '3', column: 'pin', problem: 'the PIN is not 4 to 12 digits' },
    ]);
    const audit = await env.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('details', 'like', '%cli-members.csv%')
      .execute();
    expect(audit).toEqual([{ action: 'data_import_started', actor_email: null }]);
  });

  it('export claims as CSV to the file asked for', async () => {
    const claim = await fileTestClaim(env.app);
    await placeClaimAt(env.app, claim.id, 'denied');
    const target = path.join(env.testApp.dataDir, 'denied.csv');
    const { io, out } = recordingIo();

    const code = await run(
      ['export', 'claims', '--format', 'csv', '--status', 'denied', '--out', target],
      io,
    );

    expect(code).toBe(0);
    expect(out).toContain(`File: ${target}`);
    const rows = csvRecords(await readFile(target, 'utf8'));
    expect(rows.map((row) => row.Reference)).toEqual([claim.referenceCode]);
  });

  it('explain a wrong filter without opening anything', async () => {
    const { io, err } = recordingIo();

    const code = await run(['export', 'claims', '--format', 'csv', '--status', 'lost'], io);

    expect(code).toBe(2);
    expect(err[0]).toMatch(/^a filter is not valid: status\.0/);
  });
});
