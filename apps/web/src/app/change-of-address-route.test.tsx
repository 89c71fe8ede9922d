import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authorize, callJson } from '../lib/api-client';
import { ChangeOfAddressRoute } from './claimant-pages';
import { prepareClaimantPages } from './testing/claimant-pages-setup';

vi.mock('../lib/api-client', () => ({ authorize: vi.fn(), callJson: vi.fn() }));

prepareClaimantPages();

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(authorize).mockResolvedValue({
    status: 200,
    body: { authorized: true, error: null, captcha: 'pass', prepopulatedData: {} },
  });
});

function renderPage() {
  render(
    <MemoryRouter>
      <ChangeOfAddressRoute />
    </MemoryRouter>,
  );
}

async function signInByReferenceCode() {
  await userEvent.type(screen.getByRole('textbox', { name: /reference code/i }), 'ABC7K3Q9XT4');
  await userEvent.type(screen.getByRole('textbox', { name: /last name/i }), 'Okafor');
  await userEvent.click(screen.getByRole('button', { name: 'Find My Claim' }));
}

async function fillAddress(zip: string) {
  await userEvent.type(
    await screen.findByRole('textbox', { name: /street address|address line 1/i }),
    '12 Elm Street',
  );
  await userEvent.type(screen.getByRole('textbox', { name: /city/i }), 'Portland');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /state/i }), 'OR');
  await userEvent.type(screen.getByRole('textbox', { name: /zip/i }), zip);
}

describe('ChangeOfAddressRoute', () => {
  it('finds the claim by Notice ID and PIN when the claimant chooses so', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'My Notice ID and PIN' }));
    await userEvent.type(screen.getByRole('textbox', { name: /notice id/i }), 'NW95223947');
    expect(screen.queryByRole('textbox', { name: /reference code/i })).toBeNull();
  });

  it('sends the new address once it follows the claim form rules, and confirms it', async () => {
    vi.mocked(callJson).mockResolvedValue({
      status: 200,
      body: { referenceCode: 'ABC-7K3Q-9XT4', changedAt: '2027-03-05T20:00:00.000Z' },
      error: null,
    });
    renderPage();
    await signInByReferenceCode();
    expect(authorize).toHaveBeenCalledWith('DocumentsUpload', expect.anything());
    await fillAddress('97208');
    await userEvent.click(screen.getByRole('button', { name: 'Change My Address' }));
    expect(callJson).toHaveBeenCalledWith('POST', '/api/claimant/address', {
      address: expect.objectContaining({
        mailingStreetLine1: '12 Elm Street',
        mailingCity: 'Portland',
        mailingSubDivision: 'OR',
        mailingPostalCode: '97208',
      }),
    });
    expect(
      await screen.findByText(/mailing address of claim ABC-7K3Q-9XT4 was changed/),
    ).toBeVisible();
  });

  it('does not send an address whose ZIP code is incomplete', async () => {
    renderPage();
    await signInByReferenceCode();
    await fillAddress('972');
    await userEvent.click(screen.getByRole('button', { name: 'Change My Address' }));
    expect(callJson).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: /please correct/i })).toBeVisible();
  });
});
