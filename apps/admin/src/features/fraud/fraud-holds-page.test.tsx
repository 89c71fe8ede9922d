import { caseSettingsFixture, meFixture } from '@claims/core/admin/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { stubFetch } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';
import { fraudHoldsFixture } from './fraud-test-fixtures';

const REVIEWER = { me: meFixture(), caseSettings: caseSettingsFixture() };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fraud holds page', () => {
  it('lists the held claims with their scores and reason codes, linked to each claim', async () => {
    stubFetch({ 'GET /admin/api/fraud/holds': { body: fraudHoldsFixture() } });
    renderConsole('/fraud', REVIEWER);
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('350');
    expect(rows[1]).toHaveTextContent('HONEYPOT_FILLED');
    expect(within(rows[1]!).getByRole('link', { name: 'HK4M-2RTW' })).toHaveAttribute(
      'href',
      '/admin/claims/c-2001',
    );
  });

  it('says so when no claim is held', async () => {
    stubFetch({
      'GET /admin/api/fraud/holds': { body: { items: [], total: 0, page: 1, pageSize: 25 } },
    });
    renderConsole('/fraud', REVIEWER);
    expect(await screen.findByText('No claim is held.')).toBeVisible();
  });

  it('asks for the next page', async () => {
    const api = stubFetch({
      'GET /admin/api/fraud/holds': { body: { ...fraudHoldsFixture(), total: 60 } },
    });
    renderConsole('/fraud', REVIEWER);
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/fraud/holds')).toHaveLength(2));
    expect(api.callsTo('GET /admin/api/fraud/holds')[1]?.query).toEqual({ page: '2' });
  });

  it('has no accessibility violations', async () => {
    stubFetch({ 'GET /admin/api/fraud/holds': { body: fraudHoldsFixture() } });
    renderConsole('/fraud', REVIEWER);
    await screen.findByRole('table');
    await expectNoAxeViolations();
  });
});
