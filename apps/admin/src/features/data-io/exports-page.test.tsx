import { caseSettingsFixture, meFixture } from '@claims/core/admin/test-helpers';
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

const DONE_EXPORT = dataJobFixture({
  id: 'job-5',
  kind: 'claims-csv',
  mode: null,
  rowsDone: 3,
  rowsTotal: 3,
  rowsRefused: 0,
  applied: false,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the exports page', () => {
  it('starts an export of the claims the filters take, columns named in the culture chosen', async () => {
    const api = stubFetch({
      'GET /admin/api/data/jobs': { body: { items: [] } },
      'POST /admin/api/data/exports': { body: { ...DONE_EXPORT, state: 'queued' } },
    });
    renderConsole('/exports', SUPERVISOR);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Claims as JSON lines'));
    await user.click(screen.getByRole('checkbox', { name: 'Deficient' }));
    await user.click(screen.getByRole('checkbox', { name: 'Received' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hold' }));
    await user.type(screen.getByLabelText('Filed from'), '2027-02-01');
    await user.selectOptions(screen.getByLabelText('Column names in'), 'Español');
    await user.click(screen.getByRole('button', { name: 'Start the export' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admin/api/data/exports')).toHaveLength(1));
    expect(api.callsTo('POST /admin/api/data/exports')[0]?.body).toEqual({
      kind: 'claims-jsonl',
      filters: { status: ['received', 'deficient'], fraud: ['hold'], filedFrom: '2027-02-01' },
      culture: 'es',
    });
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/data/jobs')).toHaveLength(2));
  });

  it('follows a running export and links its file once done', async () => {
    let polls = 0;
    stubFetch({
      'GET /admin/api/data/jobs': () => {
        polls += 1;
        const job =
          polls === 1
            ? { ...DONE_EXPORT, state: 'running' as const, rowsDone: 1, hasFile: false }
            : DONE_EXPORT;
        return { body: { items: [job] } };
      },
    });
    renderConsole('/exports', SUPERVISOR);
    const table = await screen.findByRole('table', { name: 'Exports, newest first' });
    expect(within(table).getByText('1 of 3 rows')).toBeVisible();
    const link = await within(table).findByRole('link', { name: 'Download the claims as CSV' });
    expect(link).toHaveAttribute('href', '/admin/api/data/jobs/job-5/file');
    expect(within(table).getByText('3 of 3 rows')).toBeVisible();
  });

  it('is closed to a reviewer', async () => {
    const api = stubFetch({});
    renderConsole('/exports', { ...SUPERVISOR, me: meFixture() });
    expect(
      await screen.findByText('Only a supervisor can export claims and documents.'),
    ).toBeVisible();
    expect(api.callsTo('GET /admin/api/data/jobs')).toHaveLength(0);
  });

  it('passes axe with no export yet', async () => {
    stubFetch({ 'GET /admin/api/data/jobs': { body: { items: [dataJobFixture()] } } });
    renderConsole('/exports', SUPERVISOR);
    await screen.findByText('Nothing has been exported yet.');
    await expectNoAxeViolations();
  });

  it('passes axe with exports listed', async () => {
    stubFetch({
      'GET /admin/api/data/jobs': {
        body: {
          items: [DONE_EXPORT, dataJobFixture({ id: 'job-6', kind: 'documents-zip', mode: null })],
        },
      },
    });
    renderConsole('/exports', SUPERVISOR);
    await screen.findByRole('table', { name: 'Exports, newest first' });
    await expectNoAxeViolations();
  });
});
