import type { ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authorize, callJson } from '../lib/api-client';
import { ClaimStatusRoute } from './claimant-pages';
import { prepareClaimantPages } from './testing/claimant-pages-setup';

vi.mock('../lib/api-client', () => ({ authorize: vi.fn(), callJson: vi.fn() }));

const DEFICIENT: ClaimStatusResponse = {
  referenceCode: 'ABC-7K3Q-9XT4',
  status: 'deficient',
  statusText: 'More information needed',
  filedAt: '2027-03-01T18:00:00.000Z',
  timeZone: 'America/Los_Angeles',
  history: [
    { at: '2027-03-02T18:00:00.000Z', status: 'in_review', statusText: 'In review' },
    { at: '2027-03-03T18:00:00.000Z', status: 'deficient', statusText: 'More information needed' },
  ],
  deficiencies: [
    { code: 'missing_signature', label: 'The claim is not signed', whatToSend: 'A signed page.' },
  ],
  cureBy: '2027-04-03T06:59:59.999Z',
  cureOpen: true,
  denialReasons: [],
  appealBy: null,
  appealOpen: false,
  payout: null,
};

const APPROVED: ClaimStatusResponse = {
  ...DEFICIENT,
  status: 'approved',
  statusText: 'Approved',
  deficiencies: [],
  cureBy: null,
  cureOpen: false,
  payout: {
    method: 'DirectDeposit',
    methodText: 'Direct deposit to my bank account',
    details: [{ field: 'accountNumber', label: 'Account number', value: '•••• 6789' }],
    changeOpen: true,
    changeBy: '2036-07-01T06:59:59.999Z',
  },
};

const DENIED: ClaimStatusResponse = {
  ...DEFICIENT,
  status: 'denied',
  statusText: 'Denied',
  deficiencies: [],
  cureBy: null,
  cureOpen: false,
  denialReasons: [{ code: 'duplicate_claim', label: 'Duplicate claim' }],
  appealBy: '2027-03-17T06:59:59.999Z',
  appealOpen: true,
};

function answers(...bodies: { status: number; body: unknown; error?: string }[]) {
  for (const answer of bodies) {
    vi.mocked(callJson).mockResolvedValueOnce({
      status: answer.status,
      body: answer.body,
      error: answer.error ?? null,
    });
  }
}

function renderPage() {
  render(
    <MemoryRouter>
      <ClaimStatusRoute />
    </MemoryRouter>,
  );
}

prepareClaimantPages();

beforeEach(() => {
  vi.resetAllMocks();
});

describe('ClaimStatusRoute', () => {
  it('signs in with the reference code and last name, then shows the status', async () => {
    answers(
      { status: 401, body: null, error: 'Please sign in.' },
      { status: 200, body: DEFICIENT },
    );
    vi.mocked(authorize).mockResolvedValue({
      status: 200,
      body: { authorized: true, error: null, captcha: 'pass', prepopulatedData: {} },
    });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: /reference code/i }),
      'ABC7K3Q9XT4',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /last name/i }), 'Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(authorize).toHaveBeenCalledWith(
      'DocumentsUpload',
      expect.objectContaining({ reCaptchaResponse: 'captcha-token' }),
    );
    expect(await screen.findByText('More information needed', { selector: 'dd' })).toBeVisible();
  });

  it('shows the refusal of a wrong last name and stays on the sign-in', async () => {
    answers({ status: 401, body: null });
    vi.mocked(authorize).mockResolvedValue({
      status: 401,
      body: {
        authorized: false,
        error: 'No claim matches.',
        captcha: null,
        prepopulatedData: null,
      },
    });
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: /reference code/i }),
      'ABC7K3Q9XT4',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /last name/i }), 'Wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('No claim matches.')).toBeVisible();
    expect(callJson).toHaveBeenCalledTimes(1);
  });

  it('lists each deficiency with what to send and the cure-by date', async () => {
    answers({ status: 200, body: DEFICIENT });
    renderPage();
    expect(await screen.findByText('The claim is not signed')).toBeVisible();
    expect(screen.getByText(/A signed page\./)).toBeVisible();
    expect(screen.getByText('Send it by April 2, 2027.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upload your documents' })).toHaveAttribute(
      'href',
      '/documents-upload/supporting-documents',
    );
  });

  it('sends the uploaded documents for review and shows the cured claim', async () => {
    answers(
      { status: 200, body: DEFICIENT },
      {
        status: 200,
        body: { ...DEFICIENT, status: 'cured', statusText: 'Documents received', deficiencies: [] },
      },
    );
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send My Documents for Review' }),
    );
    expect(callJson).toHaveBeenLastCalledWith('POST', '/api/claimant/claim/cure', {});
    expect(await screen.findByText('Documents received', { selector: 'dd' })).toBeVisible();
  });

  it('asks for the grounds before it sends an appeal, then sends it', async () => {
    answers(
      { status: 200, body: DENIED },
      { status: 200, body: { ...DENIED, status: 'appealed', statusText: 'Appeal received' } },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send My Appeal' }));
    expect(screen.getByText('Please tell us why the decision should be changed.')).toBeVisible();
    expect(callJson).toHaveBeenCalledTimes(1);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Why the decision should be changed' }),
      'I filed once.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send My Appeal' }));
    expect(callJson).toHaveBeenLastCalledWith('POST', '/api/claimant/claim/appeal', {
      statement: 'I filed once.',
    });
    expect(await screen.findByText('Appeal received', { selector: 'dd' })).toBeVisible();
  });

  it('says the appeal window has closed instead of offering an appeal', async () => {
    answers({ status: 200, body: { ...DENIED, appealOpen: false } });
    renderPage();
    expect(await screen.findByText('The time to appeal this decision has ended.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send My Appeal' })).toBeNull();
  });
});

describe('ClaimStatusRoute: how the claim is paid', () => {
  it('shows the method with its masked details and the last day to change it', async () => {
    answers({ status: 200, body: APPROVED });
    renderPage();
    expect(await screen.findByText('Direct deposit to my bank account')).toBeVisible();
    expect(screen.getByText('•••• 6789')).toBeVisible();
    expect(screen.getByText('You may change how you are paid until June 30, 2036.')).toBeVisible();
  });

  it('changes the method in the payment-election fields and comes back to the new one', async () => {
    const changed: ClaimStatusResponse = {
      ...APPROVED,
      payout: { ...APPROVED.payout!, method: 'Check', methodText: 'Paper check', details: [] },
    };
    answers({ status: 200, body: APPROVED }, { status: 200, body: changed });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change how you are paid' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Change How You Are Paid' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Paper check mailed to my address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save My Payment Method' }));
    expect(callJson).toHaveBeenLastCalledWith('POST', '/api/claimant/claim/payout', {
      election: expect.objectContaining({ paymentMethod: 'Check', accountNumber: null }),
    });
    expect(await screen.findByText('Your payment method has been changed.')).toBeVisible();
    expect(screen.getByText('Paper check')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'How you are paid' })).toHaveFocus();
  });

  it('does not send an election the payment-election rules refuse', async () => {
    answers({ status: 200, body: APPROVED });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change how you are paid' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Direct deposit to my bank account' }));
    await userEvent.type(screen.getByRole('textbox', { name: /routing number/i }), '121000249');
    await userEvent.click(screen.getByRole('button', { name: 'Save My Payment Method' }));
    expect(callJson).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: /routing number/i })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('shows the server’s refusal beside the button', async () => {
    answers(
      { status: 200, body: APPROVED },
      { status: 409, body: null, error: 'The last day to change how you are paid has passed.' },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change how you are paid' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Paper check mailed to my address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save My Payment Method' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last day to change how you are paid has passed.',
    );
  });

  it('goes back to the status without a change when the claimant cancels', async () => {
    answers({ status: 200, body: APPROVED });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change how you are paid' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'How you are paid' })).toHaveFocus();
    expect(callJson).toHaveBeenCalledTimes(1);
  });

  it('says the method can no longer be changed once the cut-off has passed', async () => {
    answers({
      status: 200,
      body: { ...APPROVED, payout: { ...APPROVED.payout!, changeOpen: false } },
    });
    renderPage();
    expect(await screen.findByText('How you are paid can no longer be changed.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change how you are paid' })).toBeNull();
  });
});
