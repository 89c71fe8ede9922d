import { claimPath, type ClaimDetail } from '@claims/core/admin/admin-api';
import { CLAIMANT_PATHS } from '@claims/core/contract/claimant-api';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { fileTestClaim } from '../admin/claims/testing/claim-fixtures';
import { TestClient } from '../test/test-app';

const env = useAdminTestApp(['reviewer'], { now: () => new Date('2027-03-05T20:00:00.000Z') });

describe('an address change in the console', () => {
  it('shows the claimant\u2019s new address after the filed sections of the claim', async () => {
    const claim = await fileTestClaim(env.app, { lastName: 'Adeyemi' });
    const claimant = new TestClient(env.app);
    await claimant.csrf();
    await claimant.authorizeOk('DocumentsUpload', {
      referenceCode: claim.referenceCode,
      lastName: 'Adeyemi',
      mailingPostalCode: null,
    });
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
