import {
  auditResponseFixture,
  caseSettingsFixture,
  meFixture,
} from '@claims/core/admin/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { stubFetch } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';

const SUPERVISOR = {
  me: meFixture({ email: 'sam.supervisor@example.test', role: 'supervisor' }),
  caseSettings: caseSettingsFixture(),
};

async function table() {
  return screen.findByRole('table');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the audit log', () => {
  it('shows who did what, when and from which address', async () => {
    stubFetch({ 'GET /admin/api/audit': { body: auditResponseFixture() } });
    renderConsole('/audit', SUPERVISOR);
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('rita.reviewer@example.test (Reviewer)');
    expect(row).toHaveTextContent('Changed a claim’s status');
    expect(row).toHaveTextContent('Feb 22, 2027, 8:00 AM PST');
    expect(row).toHaveTextContent('198.51.100.7');
  });

  it('asks the server for the entries the filters describe', async () => {
    const api = stubFetch({ 'GET /admin/api/audit': { body: auditResponseFixture() } });
    renderConsole('/audit', SUPERVISOR);
    const user = userEvent.setup();
    await table();
    await user.selectOptions(screen.getByLabelText('What'), 'Viewed a document');
    await user.type(screen.getByLabelText('Claim reference code'), 'CD3F-7HTW');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/audit')).toHaveLength(2));
    expect(api.callsTo('GET /admin/api/audit')[1]?.query).toEqual({
      action: 'document_viewed',
      claim: 'CD3F-7HTW',
    });
  });

  it('exports the filtered entries as CSV', async () => {
    stubFetch({ 'GET /admin/api/audit': { body: auditResponseFixture() } });
    renderConsole('/audit?action=sign_in&page=2', SUPERVISOR);
    await table();
    expect(screen.getByRole('link', { name: 'Export these entries as CSV' })).toHaveAttribute(
      'href',
      '/admin/api/audit/export.csv?action=sign_in',
    );
  });

  it('pages through the log', async () => {
    const api = stubFetch({
      'GET /admin/api/audit': { body: auditResponseFixture(undefined, 80) },
    });
    renderConsole('/audit', SUPERVISOR);
    const user = userEvent.setup();
    await table();
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    await user.selectOptions(within(pages).getByLabelText('Rows per page'), '50');
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/audit')).toHaveLength(2));
    expect(api.callsTo('GET /admin/api/audit')[1]?.query).toEqual({ pageSize: '50' });
  });

  it('is closed to a reviewer', async () => {
    const api = stubFetch({});
    renderConsole('/audit', { ...SUPERVISOR, me: meFixture() });
    expect(await screen.findByText('Only a supervisor can read the audit log.')).toBeVisible();
    expect(api.callsTo('GET /admin/api/audit')).toHaveLength(0);
  });

  it('passes axe with no entries', async () => {
    stubFetch({ 'GET /admin/api/audit': { body: auditResponseFixture([]) } });
    renderConsole('/audit', SUPERVISOR);
    await screen.findByText('No entries match these filters.');
    await expectNoAxeViolations();
  });

  it('passes axe with entries', async () => {
    stubFetch({ 'GET /admin/api/audit': { body: auditResponseFixture() } });
    renderConsole('/audit', SUPERVISOR);
    await table();
    await expectNoAxeViolations();
  });
});
