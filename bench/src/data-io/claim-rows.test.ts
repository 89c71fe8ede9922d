import { describe, expect, it } from 'vitest';
import { seededClaim } from './claim-rows';

const MEMBER = {
  NoticeId: 'NW95223947',
  Pin: '900513',
  FirstName: 'James',
  LastName: 'Williams',
  EmailAddress: 'james.williams64@example.net',
  PhoneNumber: '(720) 555-0108',
  Vin: '1NWVRS2F5JR162080',
};
const AT = new Date('2026-03-01T00:00:00.000Z');

describe('seededClaim', () => {
  it('stores the models the export reads, without the PIN', () => {
    const { claim } = seededClaim(0, MEMBER, AT);
    const models = JSON.parse(claim.models) as Record<string, { fields: Record<string, unknown> }>;
    expect(models.claimantInfo?.fields).toMatchObject({
      firstName: 'James',
      emailAddress: 'james.williams64@example.net',
    });
    expect(models.claimDetails?.fields.vin).toBe('1NWVRS2F5JR162080');
    expect(models.signature?.fields.signatureFullName).toBe('James Williams');
    expect(claim.models).not.toContain('900513');
    expect(claim.prepopulated_data).not.toContain('900513');
  });

  it('writes the search columns the queue reads', () => {
    const { claim } = seededClaim(0, MEMBER, AT);
    expect(claim).toMatchObject({
      claimant_name: 'James Williams',
      search_notice_id: 'NW95223947',
      search_email: 'james.williams64@example.net',
    });
  });

  it('gives a claim in review the filing event and the transition that took it there', () => {
    const { claim, history } = seededClaim(1, MEMBER, AT);
    expect(claim.status).toBe('in_review');
    expect(history.map((event) => [event.sequence, event.to_status])).toEqual([
      [1, 'received'],
      [2, 'in_review'],
    ]);
  });

  it('leaves a received claim with its filing event only', () => {
    const { claim, history, fraud } = seededClaim(5, MEMBER, AT);
    expect(claim.status).toBe('received');
    expect(history).toHaveLength(1);
    expect(fraud.claim_id).toBe(claim.id);
  });

  it('files one claim in five as Automotive, by the vehicle', () => {
    const { claim } = seededClaim(4, MEMBER, AT);
    expect(claim.form_type).toBe('Automotive');
    expect(JSON.parse(claim.identity)).toEqual({ kind: 'vehicle', vin: '1NWVRS2F5JR162080' });
  });
});
