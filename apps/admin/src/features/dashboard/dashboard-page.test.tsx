import { caseSettingsFixture, meFixture } from '@claims/core/admin/test-helpers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { dashboardFixture, emptyDashboardFixture } from '../../testing/data-io-fixtures';
import { stubFetch } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';

/** uPlot draws on a canvas, which jsdom has not: the charts are recorded instead. */
const plots = vi.hoisted(() => [] as { series: { label?: string }[]; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(options: { series: { label?: string }[] }, data: number[][]) {
      plots.push({ series: options.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const VIEWER = { me: meFixture({ role: 'viewer' }), caseSettings: caseSettingsFixture() };

// A chart is made in an effect, which React may run a little after the page shows: the record
// is emptied before each test, once the last test's page is unmounted, not after it.
beforeEach(() => {
  plots.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it('says how many claims were filed against the expected class size', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: dashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    const filed = await screen.findByText('Claims filed');
    expect(filed.parentElement).toHaveTextContent('Claims filed1025 % of the 40 expected');
    expect(
      screen.getByText(/against the expected class size: 10 of 40 \(25 %\)/),
    ).toBeInTheDocument();
  });

  it('says how many claims the fraud score held and how many still wait in the fraud holds', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: dashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    const held = await screen.findByText('Fraud holds', { selector: 'dt' });
    expect(held.parentElement).toHaveTextContent('Fraud holds21 waiting in the fraud holds');
  });

  it('plots claims per day by form, and claims to date against the class size', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: dashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    await screen.findByText('Claims filed');
    await waitFor(() => expect(plots).toHaveLength(2));
    expect(plots.map((plot) => plot.series.slice(1).map((series) => series.label))).toEqual([
      ['Standard', 'Automotive'],
      ['Claims filed to date', 'Expected class size'],
    ]);
    expect(plots[0]?.data.slice(1)).toEqual([
      [3, 0, 4],
      [1, 0, 2],
    ]);
    expect(plots[1]?.data.slice(1)).toEqual([
      [4, 4, 10],
      [40, 40, 40],
    ]);
  });

  it('gives the charts’ figures as a table', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: dashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    const user = userEvent.setup();
    await user.click(await screen.findByText('The figures of both charts as a table'));
    const table = screen.getByRole('table', { name: 'Claims per day, oldest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('February 10, 2027426102');
    expect(rows[3]).toHaveTextContent('25 %');
  });

  it('shows statuses with their fraud holds, cures awaited and the time left', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: dashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    const statuses = await screen.findByRole('region', { name: 'Claims by status' });
    expect(within(statuses).getByRole('row', { name: /^Deficient/ })).toHaveTextContent(
      'Deficient31',
    );
    const cures = screen.getByRole('region', { name: 'Deficiencies awaiting cure' });
    expect(cures).toHaveTextContent('Mar 11, 2027, 11:59 PM PST3');
    const deadlines = screen.getByRole('region', { name: 'Deadlines' });
    expect(deadlines).toHaveTextContent('Standard claims');
    expect(deadlines).toHaveTextContent('3 days 2 hours');
  });

  it('says when nothing has been filed', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: emptyDashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    expect(await screen.findByText('No claim has been filed yet.')).toBeVisible();
    expect(screen.getByText('The case states no expected class size.')).toBeVisible();
    expect(plots).toEqual([]);
  });

  it('passes axe with nothing filed', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: emptyDashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    await screen.findByText('No claim has been filed yet.');
    await expectNoAxeViolations();
  });

  it('passes axe with claims, the table open', async () => {
    stubFetch({ 'GET /admin/api/dashboard': { body: dashboardFixture() } });
    renderConsole('/dashboard', VIEWER);
    const user = userEvent.setup();
    await user.click(await screen.findByText('The figures of both charts as a table'));
    await expectNoAxeViolations();
  });
});
