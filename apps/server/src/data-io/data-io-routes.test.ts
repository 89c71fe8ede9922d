import { dataJobFilePath, dataJobPath, DATA_IO_PATHS } from '@claims/core/admin/data-io-api';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { exportAndWait, postExport, postImport } from './testing/data-io-test-kit';

const env = useAdminTestApp(['viewer', 'reviewer', 'supervisor']);

describe('the imports and exports routes', () => {
  it.each<AdminRole>(['viewer', 'reviewer'])('refuse a %s with 403 everywhere', async (role) => {
    const browser = env.browser(role);
    const done = await exportAndWait(env.browser('supervisor'), { kind: 'claims-csv' });
    const answers = [
      await postImport(browser, 'class-list', 'valid-only', 'NoticeId,Pin\nNW12345678,1234\n'),
      await postExport(browser, { kind: 'claims-csv' }),
      await browser.request({ method: 'GET', url: DATA_IO_PATHS.jobs }),
      await browser.request({ method: 'GET', url: dataJobPath(done.id) }),
      await browser.request({ method: 'GET', url: dataJobFilePath(done.id) }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
  });

  it('lists the jobs with their progress, newest first', async () => {
    const supervisor = env.browser('supervisor');
    const done = await exportAndWait(supervisor, { kind: 'claims-jsonl' });

    const response = await supervisor.request({ method: 'GET', url: DATA_IO_PATHS.jobs });

    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { id: string; rowsDone: number }[] }>();
    expect(items[0]).toMatchObject({ id: done.id, rowsDone: done.rowsDone });
  });

  it('refuses an import without a file part with 400', async () => {
    const response = await env.browser('supervisor').request({
      method: 'POST',
      url: `${DATA_IO_PATHS.imports}?kind=class-list`,
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });

    expect(response.statusCode, response.body).toBe(400);
  });

  it('audits the start of an import with its file name and mode', async () => {
    const supervisor = env.browser('supervisor');
    const response = await postImport(supervisor, 'vehicle-list', 'all-or-nothing', 'Vin\n');
    const { id } = response.json<{ id: string }>();

    const rows = await env.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_role', 'details'])
      .where('details', 'like', `%${id}%`)
      .execute();
    expect(rows).toEqual([
      {
        action: 'data_import_started',
        actor_role: 'supervisor',
        details: `vehicle-list (all-or-nothing) from vehicle-list.csv; job ${id}`,
      },
    ]);
  });
});
