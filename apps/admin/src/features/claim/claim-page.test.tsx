import type { ClaimDetail } from '@claims/core/admin/admin-api';
import {
  caseSettingsFixture,
  claimDetailFixture,
  meFixture,
} from '@claims/core/admin/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { stubFetch, type Reply } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';

const REVIEWER = { me: meFixture(), caseSettings: caseSettingsFixture() };
const VIEWER = { ...REVIEWER, me: meFixture({ role: 'viewer' }) };

function stubClaim(claim: ClaimDetail = claimDetailFixture(), transition?: Reply) {
  return stubFetch({
    [`GET /admin/api/claims/${claim.id}`]: { body: claim },
    ...(transition === undefined
      ? {}
      : { [`POST /admin/api/claims/${claim.id}/transitions`]: transition }),
  });
}

async function heading() {
  return screen.findByRole('heading', { level: 1, name: 'Claim CD3F-7HTW' });
}

async function openAction(name: string) {
  const user = userEvent.setup();
  await heading();
  await user.click(screen.getByRole('button', { name }));
  return { user, dialog: await screen.findByRole('dialog') };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the claim page', () => {
  it('shows each submitted model under its title with the case’s field labels', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    const vehicle = screen.getByRole('region', { name: 'Vehicle' });
    expect(within(vehicle).getByText('VIN')).toBeVisible();
    expect(within(vehicle).getByText('1HGCM82633A004352')).toBeVisible();
  });

  it('says when a field was left empty', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    const claimant = screen.getByRole('region', { name: 'Claimant information' });
    expect(within(claimant).getByText('Not given')).toBeVisible();
  });

  it('offers a button for each transition open to the administrator now', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark deficient', 'Approve', 'Deny', 'Withdraw']);
  });

  it('offers no transition the lifecycle table forbids from the claim’s status', async () => {
    stubClaim(claimDetailFixture({ availableTransitions: ['start_review', 'approve'] }));
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
  });

  it('lists the case’s deficiency reasons, with what to send, when marking a claim deficient', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const { dialog } = await openAction('Mark deficient');
    const reason = within(dialog).getByRole('checkbox', { name: 'Proof of purchase is missing' });
    expect(reason).toHaveAccessibleDescription(/A receipt or bill of sale/);
  });

  it('shows the cure-by date the deficiency will set', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const { dialog } = await openAction('Mark deficient');
    expect(within(dialog).getByText('March 31, 2027')).toBeVisible();
  });

  it('shows the appeal-by date a denial will set', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const { dialog } = await openAction('Deny');
    expect(within(dialog).getByText('March 15, 2027')).toBeVisible();
  });

  it('needs a reason before marking a claim deficient', async () => {
    const api = stubClaim(claimDetailFixture(), { body: claimDetailFixture() });
    renderConsole('/claims/c-1002', REVIEWER);
    const { user, dialog } = await openAction('Mark deficient');
    await user.click(within(dialog).getByRole('button', { name: 'Mark deficient' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one reason.');
    expect(api.callsTo('POST /admin/api/claims/c-1002/transitions')).toHaveLength(0);
  });

  it('sends the transition with its reasons, note and the status seen', async () => {
    const deficient = claimDetailFixture({ status: 'deficient', availableTransitions: [] });
    const api = stubClaim(claimDetailFixture(), { body: deficient });
    renderConsole('/claims/c-1002', REVIEWER);
    const { user, dialog } = await openAction('Mark deficient');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'The claim form is not signed' }),
    );
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Page 3 blank');
    await user.click(within(dialog).getByRole('button', { name: 'Mark deficient' }));
    expect(await screen.findByText(/the claim is now deficient/)).toBeVisible();
    expect(api.callsTo('POST /admin/api/claims/c-1002/transitions')[0]?.body).toEqual({
      transition: 'mark_deficient',
      expectedStatus: 'in_review',
      reasonCodes: ['unsigned'],
      note: 'Page 3 blank',
    });
  });

  it('asks a reviewer for a note when withdrawing a claim for the claimant', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const { user, dialog } = await openAction('Withdraw');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(within(dialog).getByLabelText('Note (required)')).toBeRequired();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write a note saying why.');
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    stubClaim(claimDetailFixture(), {
      status: 409,
      body: { error: 'The claim was changed by someone else; reload it.' },
    });
    renderConsole('/claims/c-1002', REVIEWER);
    const { user, dialog } = await openAction('Approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/changed by someone else/)).toBeVisible();
  });

  it('shows a PDF in a frame that may run no script', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const user = userEvent.setup();
    await heading();
    await user.click(screen.getByRole('button', { name: 'View receipt.pdf' }));
    const frame = screen.getByTitle('Document receipt.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute(
      'src',
      '/admin/api/claims/c-1002/documents/d-1?disposition=inline',
    );
  });

  it('shows an image document as an image', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const user = userEvent.setup();
    await heading();
    await user.click(screen.getByRole('button', { name: 'View odometer.jpg' }));
    expect(screen.getByRole('img', { name: 'Document odometer.jpg' })).toHaveAttribute(
      'src',
      '/admin/api/claims/c-1002/documents/d-2?disposition=inline',
    );
  });

  it('offers each clean document for download', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    expect(screen.getByRole('link', { name: 'Download receipt.pdf' })).toHaveAttribute(
      'href',
      '/admin/api/claims/c-1002/documents/d-1?disposition=attachment',
    );
  });

  it('offers no way to open a document still waiting for its scan', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    expect(screen.queryByRole('link', { name: 'Download letter.pdf' })).toBeNull();
    expect(screen.getByText('Waiting for the virus scan')).toBeVisible();
  });

  it('lets a viewer see which documents were sent but not open them', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', VIEWER);
    await heading();
    expect(screen.getByText('receipt.pdf')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('gives a viewer no status change', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', VIEWER);
    await heading();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).queryByRole('button')).toBeNull();
  });

  it('explains the fraud score with each deduction’s code, points and evidence', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    const fraud = screen.getByRole('region', { name: 'Fraud assessment' });
    const row = within(fraud).getByRole('row', { name: /Many claims from one network/ });
    expect(row).toHaveTextContent('velocity_ip');
    expect(row).toHaveTextContent('−250');
    expect(row).toHaveTextContent('4 claims from 203.0.113.0/24 within 10 minutes');
  });

  it('lists the history with who made each change', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Reviewer (rita.reviewer@example.test)')).toBeVisible();
    expect(within(history).getByText('Start review: Received to In review')).toBeVisible();
  });

  it('names the tab after the claim', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    await vi.waitFor(() => expect(document.title).toBe('Claim CD3F-7HTW | Claims console'));
  });

  it('passes axe on a claim with nothing sent, scored or changed', async () => {
    stubClaim(claimDetailFixture({ documents: [], history: [], fraud: null, sections: [] }));
    renderConsole('/claims/c-1002', REVIEWER);
    await heading();
    await expectNoAxeViolations();
  });

  it('passes axe on a full claim with a document shown', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    const user = userEvent.setup();
    await heading();
    await user.click(screen.getByRole('button', { name: 'View odometer.jpg' }));
    await expectNoAxeViolations();
  });

  it('passes axe with the deficiency dialog open', async () => {
    stubClaim();
    renderConsole('/claims/c-1002', REVIEWER);
    await openAction('Mark deficient');
    await expectNoAxeViolations();
  });
});
