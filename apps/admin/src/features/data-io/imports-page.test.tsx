import { caseSettingsFixture, meFixture } from '@claims/core/admin/test-helpers';
import type { DataJob } from '@claims/core/admin/data-io-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { dataJobFixture } from '../../testing/data-io-fixtures';
import { stubFetch } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';

const SUPERVISOR = {
  me: meFixture({ email: 'sam.supervisor@example.test', role: 'supervisor' }),
  caseSettings: caseSettingsFixture(),
};

const RUNNING = dataJobFixture({
  id: 'job-2',
  state: 'running',
  mode: 'all-or-nothing',
  rowsDone: 600,
  rowsTotal: 1200,
  rowsRefused: 0,
  applied: false,
  hasFile: false,
  finishedAt: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function chooseFileAndStart() {
  const user = userEvent.setup();
  await user.upload(
    await screen.findByLabelText('CSV file'),
    new File(['NoticeId,Pin\n'], 'members.csv', { type: 'text/csv' }),
  );
  await user.click(screen.getByRole('button', { name: 'Start the import' }));
}

describe('the imports page', () => {
  it('sends the file with the kind and mode chosen', async () => {
    const api = stubFetch({
      'GET /admin/api/data/jobs': { body: { items: [] } },
      'POST /admin/api/data/imports': { body: RUNNING },
      'GET /admin/api/data/jobs/job-2': { body: RUNNING },
    });
    renderConsole('/imports', SUPERVISOR);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Vehicle list'));
    await user.click(screen.getByLabelText(/^Valid rows only/));
    await chooseFileAndStart();
    await vi.waitFor(() => expect(api.callsTo('POST /admin/api/data/imports')).toHaveLength(1));
    const call = api.callsTo('POST /admin/api/data/imports')[0]!;
    expect(call.query).toEqual({ kind: 'vehicle-list', mode: 'valid-only' });
    expect((call.body as FormData).get('file')).toMatchObject({ name: 'members.csv' });
    expect(call.headers.get('X-CSRF-Token')).toBe('token-1');
  });

  it('follows the import until it ends, then offers the report', async () => {
    let polls = 0;
    const done: DataJob = dataJobFixture({ id: 'job-2', mode: 'all-or-nothing', applied: false });
    stubFetch({
      'GET /admin/api/data/jobs': { body: { items: [] } },
      'POST /admin/api/data/imports': { body: { ...RUNNING, state: 'queued', rowsTotal: null } },
      'GET /admin/api/data/jobs/job-2': () => {
        polls += 1;
        return { body: polls === 1 ? RUNNING : done };
      },
    });
    renderConsole('/imports', SUPERVISOR);
    await chooseFileAndStart();
    const current = await screen.findByRole('region', { name: 'Class list import' });
    expect(await within(current).findByText('600 of 1,200 rows')).toBeVisible();
    expect(within(current).getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute(
      'value',
      '600',
    );
    await within(current).findByText(/^Nothing was changed: 2 rows were refused/);
    expect(
      within(current).getByRole('link', { name: 'Download the report of refused rows (CSV)' }),
    ).toHaveAttribute('href', '/admin/api/data/jobs/job-2/file');
    const announced = screen
      .getAllByRole('status')
      .some((region) => region.textContent?.startsWith('Nothing was changed'));
    expect(announced).toBe(true);
  });

  it('asks for a file before sending anything', async () => {
    const api = stubFetch({ 'GET /admin/api/data/jobs': { body: { items: [] } } });
    renderConsole('/imports', SUPERVISOR);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the CSV file to import.');
    expect(api.callsTo('POST /admin/api/data/imports')).toHaveLength(0);
  });

  it('lists earlier imports but not exports', async () => {
    stubFetch({
      'GET /admin/api/data/jobs': {
        body: { items: [dataJobFixture(), dataJobFixture({ id: 'job-9', kind: 'claims-csv' })] },
      },
    });
    renderConsole('/imports', SUPERVISOR);
    const table = await screen.findByRole('table', { name: 'Imports, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Class list');
    expect(rows[1]).toHaveTextContent('2 refused');
  });

  it('is closed to a reviewer', async () => {
    const api = stubFetch({});
    renderConsole('/imports', { ...SUPERVISOR, me: meFixture() });
    expect(
      await screen.findByText('Only a supervisor can import lists and payout results.'),
    ).toBeVisible();
    expect(api.callsTo('GET /admin/api/data/jobs')).toHaveLength(0);
  });

  it('passes axe with no import yet', async () => {
    stubFetch({ 'GET /admin/api/data/jobs': { body: { items: [] } } });
    renderConsole('/imports', SUPERVISOR);
    await screen.findByText('No list or payout results has been imported yet.');
    await expectNoAxeViolations();
  });

  it('passes axe with an import done and earlier ones listed', async () => {
    stubFetch({
      'GET /admin/api/data/jobs': { body: { items: [dataJobFixture()] } },
      'POST /admin/api/data/imports': { body: dataJobFixture({ id: 'job-2' }) },
    });
    renderConsole('/imports', SUPERVISOR);
    await chooseFileAndStart();
    const current = await screen.findByRole('region', { name: 'Class list import' });
    await within(current).findByText(/^The import is done/);
    await expectNoAxeViolations();
  });
});
