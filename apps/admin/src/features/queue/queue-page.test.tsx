import {
  caseSettingsFixture,
  claimsResponseFixture,
  claimSummaryFixture,
  meFixture,
} from '@claims/core/admin/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { stubFetch, type RecordedCall, type Reply } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';

const REVIEWER = { me: meFixture(), caseSettings: caseSettingsFixture() };

function stubQueue(claims: Reply | ((call: RecordedCall) => Reply), bulk?: Reply) {
  return stubFetch({
    'GET /admin/api/claims': claims,
    ...(bulk === undefined ? {} : { 'POST /admin/api/claims/bulk-transitions': bulk }),
  });
}

async function table() {
  return screen.findByRole('table');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the claims queue', () => {
  it('lists a page of claims with a link to each', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'AB7K-9QXM' })).toHaveAttribute(
      'href',
      '/admin/claims/c-1001',
    );
  });

  it('shows each claim’s fraud score with its decision', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[1]!).getByRole('cell', { name: '940 (Pass)' })).toBeVisible();
    expect(within(rows[2]!).getByRole('cell', { name: '610 (Hold)' })).toBeVisible();
  });

  it('says how many claims match', async () => {
    stubQueue({ body: claimsResponseFixture(undefined, 57) });
    renderConsole('/', REVIEWER);
    expect(await screen.findByText('57 claims match.')).toBeVisible();
  });

  it('says more claims match than the server counted when it stopped counting', async () => {
    stubQueue({ body: claimsResponseFixture(undefined, 10_000, true) });
    renderConsole('/', REVIEWER);
    expect(await screen.findByText('More than 10,000 claims match.')).toBeVisible();
  });

  it('offers the next page after the last counted one while more claims follow', async () => {
    const api = stubQueue({
      body: { ...claimsResponseFixture(undefined, 50, true), page: 2 },
    });
    renderConsole('/?page=2', REVIEWER);
    const user = userEvent.setup();
    await table();
    const pages = screen.getByRole('navigation', { name: 'Claims pages' });
    expect(within(pages).getByText('Page 2 of more than 2')).toBeVisible();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/claims')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(api.callsTo('GET /admin/api/claims')[1]?.query).toEqual({ page: '3' });
  });

  it('asks the server for the search and the filters chosen', async () => {
    const api = stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await table();
    await user.type(screen.getByLabelText('Search'), '1HGCM82633A004352');
    await user.click(screen.getByRole('checkbox', { name: 'Deficient' }));
    await user.selectOptions(screen.getByLabelText('Fraud decision'), 'Hold');
    await user.click(screen.getByRole('button', { name: 'Show claims' }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/claims')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(api.callsTo('GET /admin/api/claims')[1]?.query).toEqual({
      q: '1HGCM82633A004352',
      status: 'deficient',
      fraud: 'hold',
    });
  });

  it('marks the column the list is sorted by', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const filed = within(await table()).getByRole('columnheader', { name: /Filed/ });
    expect(filed).toHaveAttribute('aria-sort', 'ascending');
    expect(within(await table()).getByRole('columnheader', { name: /Status/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
  });

  it('asks the server to sort by a column when its button is pressed', async () => {
    const api = stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await user.click(within(await table()).getByRole('button', { name: /Fraud score/ }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/claims')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(api.callsTo('GET /admin/api/claims')[1]?.query).toEqual({ sort: 'fraudScore' });
  });

  it('reverses the order when the sorted column’s button is pressed again', async () => {
    const api = stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await user.click(within(await table()).getByRole('button', { name: /Filed/ }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/claims')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(api.callsTo('GET /admin/api/claims')[1]?.query).toEqual({ order: 'desc' });
  });

  it('asks the server for the next page', async () => {
    const api = stubQueue({ body: claimsResponseFixture(undefined, 60) });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await table();
    const pages = screen.getByRole('navigation', { name: 'Claims pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeVisible();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/api/claims')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(api.callsTo('GET /admin/api/claims')[1]?.query).toEqual({ page: '2' });
  });

  it('labels each row’s check box with its claim', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    await table();
    expect(screen.getByRole('checkbox', { name: 'Select claim CD3F-7HTW' })).not.toBeChecked();
  });

  it('offers the bulk actions the lifecycle allows on every selected claim', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select claim AB7K-9QXM' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select claim CD3F-7HTW' }));
    const action = screen.getByLabelText('Action for the selected claims');
    const options = within(action)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // One claim is received, the other in review: only withdrawal applies to both.
    expect(options).toEqual(['Choose an action', 'Withdraw']);
  });

  it('sends a bulk action for the selected claims and tells what happened to each', async () => {
    const api = stubQueue(
      { body: claimsResponseFixture() },
      {
        body: {
          outcomes: [
            { claimId: 'c-1001', ok: true, referenceCode: 'AB7K-9QXM', status: 'in_review' },
          ],
        },
      },
    );
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select claim AB7K-9QXM' }));
    await user.selectOptions(
      screen.getByLabelText('Action for the selected claims'),
      'Start review',
    );
    await user.click(screen.getByRole('button', { name: 'Apply to selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start review: 1 claim' });
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(await screen.findByText(/1 of 1 claims changed/)).toBeVisible();
    expect(api.callsTo('POST /admin/api/claims/bulk-transitions')[0]?.body).toEqual({
      transition: 'start_review',
      claimIds: ['c-1001'],
      reasonCodes: [],
      note: null,
    });
  });

  it('names the claims a bulk action left unchanged, with the reason', async () => {
    stubQueue(
      { body: claimsResponseFixture([claimSummaryFixture()]) },
      {
        body: {
          outcomes: [
            {
              claimId: 'c-1001',
              ok: false,
              referenceCode: 'AB7K-9QXM',
              error: 'the claim is in review already',
            },
          ],
        },
      },
    );
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select claim AB7K-9QXM' }));
    await user.selectOptions(
      screen.getByLabelText('Action for the selected claims'),
      'Start review',
    );
    await user.click(screen.getByRole('button', { name: 'Apply to selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(
      await screen.findByText(/Not changed: AB7K-9QXM: the claim is in review already/),
    ).toBeVisible();
  });

  it('gives a viewer no check boxes and no bulk actions', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', { ...REVIEWER, me: meFixture({ role: 'viewer' }) });
    await table();
    expect(screen.queryByRole('checkbox', { name: /Select claim/ })).toBeNull();
  });

  it('announces a failed load with a way to try again', async () => {
    let calls = 0;
    stubQueue(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { error: 'The claims could not be read.' } }
        : { body: claimsResponseFixture() };
    });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('The claims could not be read.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeVisible();
  });

  it('sends the administrator to sign in when the session has ended', async () => {
    stubQueue({ status: 401, body: { error: 'Sign in again.' } });
    const router = renderConsole('/', REVIEWER);
    expect(await screen.findByText(/Your session has ended/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/sign-in');
  });

  it('passes axe with no claims', async () => {
    stubQueue({ body: claimsResponseFixture([]) });
    renderConsole('/', REVIEWER);
    await screen.findByText('No claims match these filters.');
    await expectNoAxeViolations();
  });

  it('passes axe with claims, one of them selected', async () => {
    stubQueue({ body: claimsResponseFixture() });
    renderConsole('/', REVIEWER);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select claim AB7K-9QXM' }));
    await expectNoAxeViolations();
  });
});
