import {
  ADMIN_API_PATHS,
  type BulkTransitionRequestInput,
  type BulkTransitionResponse,
} from '@claims/core/admin/admin-api';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './testing/admin-test-app';
import { fileTestClaim, placeClaimAt } from './testing/claim-fixtures';

const env = useAdminTestApp(['reviewer']);
const reviewer = () => env.browser('reviewer');

function bulk(body: BulkTransitionRequestInput) {
  return reviewer().request({
    method: 'POST',
    url: ADMIN_API_PATHS.bulkTransitions,
    payload: body,
  });
}

describe('a bulk transition', () => {
  it('changes each claim it can and says why it left the others, in the order asked', async () => {
    const first = await fileTestClaim(env.app);
    const approved = await fileTestClaim(env.app);
    await placeClaimAt(env.app, approved.id, 'approved');
    const second = await fileTestClaim(env.app);

    const response = await bulk({
      transition: 'start_review',
      claimIds: [first.id, approved.id, 'no-such-claim', second.id],
    });

    expect(response.statusCode, response.body).toBe(200);
    const { outcomes } = response.json<BulkTransitionResponse>();
    expect(outcomes).toEqual([
      { claimId: first.id, ok: true, referenceCode: first.referenceCode, status: 'in_review' },
      {
        claimId: approved.id,
        ok: false,
        referenceCode: approved.referenceCode,
        error: expect.stringContaining('cannot start from status "approved"'),
      },
      {
        claimId: 'no-such-claim',
        ok: false,
        referenceCode: null,
        error: 'There is no such claim.',
      },
      { claimId: second.id, ok: true, referenceCode: second.referenceCode, status: 'in_review' },
    ]);
  });

  it('writes one history event and one audit row per claim changed', async () => {
    const claims = [await fileTestClaim(env.app), await fileTestClaim(env.app)];

    await bulk({ transition: 'start_review', claimIds: claims.map((claim) => claim.id) });

    for (const claim of claims) {
      const history = await env.app.db
        .selectFrom('claim_history')
        .select(['transition', 'actor_email'])
        .where('claim_id', '=', claim.id)
        .orderBy('sequence')
        .execute();
      expect(history).toEqual([
        { transition: 'filed', actor_email: null },
        { transition: 'start_review', actor_email: reviewer().email },
      ]);
      const audit = await env.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('claim_reference', '=', claim.referenceCode)
        .execute();
      expect(audit).toEqual([{ action: 'claim_transition' }]);
    }
  });

  it('answers 400 to a claim listed twice', async () => {
    const claim = await fileTestClaim(env.app);

    const response = await bulk({ transition: 'start_review', claimIds: [claim.id, claim.id] });

    expect(response.statusCode).toBe(400);
  });
});
