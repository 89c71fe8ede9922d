import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { fileTestClaim, placeClaimAt } from '../admin/claims/testing/claim-fixtures';
import { csvRecords, downloadFile, importAndWait } from './testing/data-io-test-kit';

const env = useAdminTestApp(['supervisor']);
const supervisor = () => env.browser('supervisor');

async function statusOf(claimId: string): Promise<string> {
  const row = await env.app.db
    .selectFrom('claims')
    .select('status')
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('a payout results import', () => {
  it('moves each claim the payer reports and refuses the rows the lifecycle does not allow', async () => {
    const approved = await fileTestClaim(env.app);
    await placeClaimAt(env.app, approved.id, 'approved');
    const paid = await fileTestClaim(env.app);
    await placeClaimAt(env.app, paid.id, 'paid');
    const inReview = await fileTestClaim(env.app);
    await placeClaimAt(env.app, inReview.id, 'in_review');
    const csv = [
      'Claim,Amount,Method,Outcome',
      `${approved.referenceCode},125.50,check,paid`,
      `${paid.referenceCode},80,ach,returned`,
      `${inReview.referenceCode},10,check,paid`,
      'NO-SUCH-CLAIM,10,check,paid',
    ].join('\r\n');

    const job = await importAndWait(supervisor(), 'payout-results', 'valid-only', csv);

    expect(job).toMatchObject({ state: 'done', applied: true, rowsDone: 4, rowsRefused: 2 });
    expect(await statusOf(approved.id)).toBe('paid');
    expect(await statusOf(paid.id)).toBe('payment_returned');
    expect(await statusOf(inReview.id)).toBe('in_review');
    const report = csvRecords((await downloadFile(supervisor(), job.id)).body);
    expect(report).toEqual([
      { line: '4', column: 'outcome', problem: expect.stringMatching(/^the claim is in_review: /) },
      { line: '5', column: 'claim', problem: 'no claim has the reference "NO-SUCH-CLAIM"' },
    ]);
  });

  it('writes a history event and an audit row for each claim moved, by the supervisor', async () => {
    const claim = await fileTestClaim(env.app);
    await placeClaimAt(env.app, claim.id, 'payment_returned');

    await importAndWait(
      supervisor(),
      'payout-results',
      'valid-only',
      `claim,amount,method,outcome\n${claim.referenceCode},20,paypal,reissued\n`,
    );

    expect(await statusOf(claim.id)).toBe('approved');
    const history = await env.app.db
      .selectFrom('claim_history')
      .select(['transition', 'from_status', 'to_status', 'actor', 'actor_email'])
      .where('claim_id', '=', claim.id)
      .where('transition', '<>', 'filed')
      .execute();
    expect(history).toEqual([
      {
        transition: 'reissue_payment',
        from_status: 'payment_returned',
        to_status: 'approved',
        actor: 'supervisor',
        actor_email: supervisor().email,
      },
    ]);
    const audit = await env.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('claim_reference', '=', claim.referenceCode)
      .execute();
    expect(audit).toEqual([{ action: 'payout_results_applied', actor_email: supervisor().email }]);
  });

  it('moves no claim when all-or-nothing and a row is refused', async () => {
    const claim = await fileTestClaim(env.app);
    await placeClaimAt(env.app, claim.id, 'approved');
    const csv = `claim,amount,method,outcome\n${claim.referenceCode},20,check,paid\n${claim.referenceCode},1,check,lost\n`;

    const job = await importAndWait(supervisor(), 'payout-results', 'all-or-nothing', csv);

    expect(job).toMatchObject({ state: 'done', applied: false, rowsRefused: 1 });
    expect(await statusOf(claim.id)).toBe('approved');
  });
});
