import {
  caseSettingsFixture,
  claimDetailFixture,
  meFixture,
} from '@claims/core/admin/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { stubFetch } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';
import { fraudClaimFixture } from './fraud-test-fixtures';

const SUPERVISOR = {
  me: meFixture({ email: 'sam.supervisor@example.test', role: 'supervisor' }),
  caseSettings: caseSettingsFixture(),
};
const REVIEWER = { me: meFixture(), caseSettings: caseSettingsFixture() };

const RELEASED = fraudClaimFixture({
  held: false,
  release: {
    at: '2027-02-22T16:00:00.000Z',
    actorEmail: 'sam.supervisor@example.test',
    note: 'Called the claimant.',
  },
});

function stubClaim(release?: { status?: number; body: unknown }) {
  return stubFetch({
    'GET /admin/api/claims/c-1002': { body: claimDetailFixture() },
    'GET /admin/api/fraud/claims/c-1002': { body: fraudClaimFixture() },
    ...(release === undefined ? {} : { 'POST /admin/api/fraud/claims/c-1002/release': release }),
  });
}

async function fraudSection() {
  await screen.findByText('Held for fraud review: it waits in the fraud holds.');
  return screen.getByRole('region', { name: 'Fraud assessment' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fraud hold on the claim page', () => {
  it('shows the claims of the cluster and what each shares', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const section = await fraudSection();
    const row = within(within(section).getByRole('table', { name: /sharing a key/ })).getAllByRole(
      'row',
    )[1]!;
    expect(row).toHaveTextContent('HK4M-2RTW');
    expect(row).toHaveTextContent('IP address, Browser');
  });

  it('offers a reviewer no release', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await fraudSection();
    expect(screen.queryByRole('button', { name: 'Release the hold' })).toBeNull();
  });

  it('lets a supervisor release the hold with a note, then says who released it', async () => {
    const api = stubClaim({ body: RELEASED });
    renderConsole('/claims/c-1002', SUPERVISOR);
    await fraudSection();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Why the hold is lifted'), 'Called the claimant.');
    await user.click(screen.getByRole('button', { name: 'Release the hold' }));
    expect(
      await screen.findByText(/Hold released by sam.supervisor@example.test on/),
    ).toBeVisible();
    expect(api.callsTo('POST /admin/api/fraud/claims/c-1002/release')[0]?.body).toEqual({
      note: 'Called the claimant.',
    });
  });

  it('asks for a note before releasing', async () => {
    const api = stubClaim({ body: RELEASED });
    renderConsole('/claims/c-1002', SUPERVISOR);
    await fraudSection();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Release the hold' }));
    expect(await screen.findByText('Say why the hold is lifted.')).toBeVisible();
    expect(api.callsTo('POST /admin/api/fraud/claims/c-1002/release')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    stubClaim({ status: 409, body: { error: 'Claim CD3F-7HTW is not held. Reload it.' } });
    renderConsole('/claims/c-1002', SUPERVISOR);
    await fraudSection();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Why the hold is lifted'), 'A person.');
    await user.click(screen.getByRole('button', { name: 'Release the hold' }));
    expect(await screen.findByText('Claim CD3F-7HTW is not held. Reload it.')).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', SUPERVISOR);
    await fraudSection();
    await expectNoAxeViolations();
  });
});
