import { claimPath, type ClaimDetail } from '@claims/core/admin/admin-api';
import { CLAIMANT_PATHS } from '@claims/core/contract/claimant-api';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { fileTestClaim } from '../admin/claims/testing/claim-fixtures';
import { signedInClaimant } from './testing';

const env = useAdminTestApp(['reviewer'], { now: () => new Date('2027-03-05T20:00:00.000Z') });

describe('an address change in the console', () => {
  it('shows the claimant\u2019s new address after the filed sections of the claim', async () => {
    const claim = await fileTestClaim(env.app, { lastName: 'Adeyemi' });
    const claimant = await signedInClaimant(env.app, claim.referenceCode, 'Adeyemi');
    const changed = await claimant.postJson(CLAIMANT_PATHS.address, {
      address: {
        mailingCountry: 'US',
        mailingStreetLine1: '9 Birch Lane',
        mailingCity: 'Salem',
        mailingSubDivision: 'OR',
        mailingPostalCode: '97301',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const response = await env
      .browser('reviewer')
      .request({ method: 'GET', url: claimPath(claim.id) });

    expect(response.statusCode).toBe(200);
    const section = response.json<ClaimDetail>().sections.at(-1);
    expect(section?.title).toBe('Address changed by the claimant on 2027-03-05');
    expect(section?.fields).toContainEqual(
      expect.objectContaining({ name: 'mailingStreetLine1', value: '9 Birch Lane' }),
    );
    expect(section?.fields).toContainEqual(
      expect.objectContaining({ name: 'mailingPostalCode', value: '97301' }),
    );
  });
});

describe('a payout change in the console', () => {
  it('shows the claimant’s new payout, masked, after the filed sections of the claim', async () => {
    const claim = await fileTestClaim(env.app, { lastName: 'Varga' });
    const claimant = await signedInClaimant(env.app, claim.referenceCode, 'Varga');
    const changed = await claimant.postJson(CLAIMANT_PATHS.payout, {
      election: {
        paymentMethod: 'DirectDeposit',
        routingNumber: '121000248',
        accountNumber: '000123456789',
        accountNumberConfirmation: '000123456789',
        accountType: 'savings',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await env
      .browser('reviewer')
      .request({ method: 'GET', url: claimPath(claim.id) });
    const section = response.json<ClaimDetail>().sections.at(-1);
    expect(section?.title).toBe('Payout changed by the claimant on 2027-03-05');
    expect(section?.fields).toContainEqual(
      expect.objectContaining({ name: 'accountNumber', value: '•••• 6789' }),
    );
    expect(JSON.stringify(section)).not.toContain('000123456789');
  });
});
