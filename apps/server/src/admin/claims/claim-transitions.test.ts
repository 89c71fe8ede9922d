import {
  claimTransitionsPath,
  type ClaimDetail,
  type TransitionRequestInput,
} from '@claims/core/admin/admin-api';
import {
  CLAIM_STATUSES,
  TRANSITION_NAMES,
  TRANSITIONS,
  type ClaimStatus,
  type TransitionName,
  type TransitionRule,
} from '@claims/core/lifecycle/transitions';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../testing/admin-test-kit';
import { useAdminTestApp } from './testing/admin-test-app';
import { fileTestClaim, placeClaimAt } from './testing/claim-fixtures';

const NOW = new Date('2027-03-05T20:00:00.000Z');
const FUTURE = '2027-04-01T06:59:59.999Z';
const PAST = '2027-03-01T07:59:59.999Z';

const env = useAdminTestApp(['supervisor', 'reviewer'], { now: () => NOW });
let app: FastifyInstance;
let supervisor: AdminBrowser;
let reviewer: AdminBrowser;

beforeAll(async () => {
  ({ app } = env);
  supervisor = env.browser('supervisor');
  reviewer = env.browser('reviewer');
});

/** The windows a claim at the rule's first from status needs for the rule to be open. */
function windowsFor(rule: TransitionRule): { cureBy?: string; appealBy?: string } {
  if (rule.after === 'cure') return { cureBy: PAST };
  if (rule.inside?.window === 'cure') return { cureBy: FUTURE };
  if (rule.inside?.window === 'appeal') return { appealBy: FUTURE };
  return {};
}

function requestFor(name: TransitionName, expectedStatus: ClaimStatus): TransitionRequestInput {
  const rule: TransitionRule = TRANSITIONS[name];
  const lifecycle = app.claimsCase.definition.lifecycle;
  const reasons =
    rule.reasons === 'deficiency'
      ? [lifecycle?.deficiencyReasons[0]?.code as string]
      : rule.reasons === 'denial'
        ? [lifecycle?.denialReasons[0]?.code as string]
        : [];
  return { transition: name, expectedStatus, reasonCodes: reasons, note: 'Checked by phone.' };
}

function transition(browser: AdminBrowser, claimId: string, body: TransitionRequestInput) {
  return browser.request({ method: 'POST', url: claimTransitionsPath(claimId), payload: body });
}

async function statusOf(claimId: string) {
  return app.db
    .selectFrom('claims')
    .select('status')
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
}

describe('a transition through the admin API', () => {
  it.each(TRANSITION_NAMES)(
    '%s is made from its status, with its history and audit rows',
    async (name) => {
      const rule: TransitionRule = TRANSITIONS[name];
      const from = rule.from[0] as ClaimStatus;
      const claim = await fileTestClaim(app);
      await placeClaimAt(app, claim.id, from, windowsFor(rule));

      const response = await transition(supervisor, claim.id, requestFor(name, from));

      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<ClaimDetail>();
      expect(detail.status).toBe(rule.to);
      expect(detail.history.at(-1)).toMatchObject({
        transition: name,
        from,
        to: rule.to,
        actor: 'supervisor',
        actorEmail: supervisor.email,
      });
      const audit = await app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_email', 'details'])
        .where('claim_reference', '=', claim.referenceCode)
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({ action: 'claim_transition', actor_email: supervisor.email }),
      ]);
    },
  );

  it.each(TRANSITION_NAMES)(
    '%s is refused with 409 from a status it does not start from',
    async (name) => {
      const rule: TransitionRule = TRANSITIONS[name];
      const from = CLAIM_STATUSES.find((status) => !rule.from.includes(status)) as ClaimStatus;
      const claim = await fileTestClaim(app);
      await placeClaimAt(app, claim.id, from, windowsFor(rule));

      const response = await transition(supervisor, claim.id, requestFor(name, from));

      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ error: string }>().error).toContain(
        `cannot start from status "${from}"`,
      );
      expect(await statusOf(claim.id)).toEqual({ status: from });
    },
  );

  it('refuses with 409 and changes nothing when the claim is no longer at the expected status', async () => {
    const claim = await fileTestClaim(app);
    await placeClaimAt(app, claim.id, 'in_review');

    const response = await transition(reviewer, claim.id, {
      transition: 'start_review',
      expectedStatus: 'received',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toContain(
      'is now in_review, no longer received',
    );
    expect(await statusOf(claim.id)).toEqual({ status: 'in_review' });
  });

  it('refuses a deficiency without reasons with 400 and the lifecycle message', async () => {
    const claim = await fileTestClaim(app);
    await placeClaimAt(app, claim.id, 'in_review');

    const response = await transition(reviewer, claim.id, {
      transition: 'mark_deficient',
      expectedStatus: 'in_review',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(
      'needs at least one deficiency reason',
    );
  });

  it("refuses a reviewer a supervisor's transition with 403", async () => {
    const claim = await fileTestClaim(app);
    await placeClaimAt(app, claim.id, 'appealed');

    const response = await transition(reviewer, claim.id, {
      transition: 'grant_appeal',
      expectedStatus: 'appealed',
      note: 'The receipt was found.',
    });

    expect(response.statusCode).toBe(403);
    expect(await statusOf(claim.id)).toEqual({ status: 'appealed' });
  });

  it('refuses a reviewer a cure after the cure window closed with 409', async () => {
    const claim = await fileTestClaim(app);
    await placeClaimAt(app, claim.id, 'deficient', { cureBy: PAST });

    const response = await transition(reviewer, claim.id, {
      transition: 'cure',
      expectedStatus: 'deficient',
      note: 'Received by mail.',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toContain('too late');
  });

  it("sets the cure-by date at the end of the window's last day in the case's time zone", async () => {
    const claim = await fileTestClaim(app);
    await placeClaimAt(app, claim.id, 'in_review');

    const response = await transition(
      reviewer,
      claim.id,
      requestFor('mark_deficient', 'in_review'),
    );

    const days = app.claimsCase.definition.lifecycle?.cureWindowDays as number;
    const lastDay = new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    // 2027-03-05 12:00 in Los Angeles; the window's last day ends at 23:59:59.999 there.
    expect(response.json<ClaimDetail>().cureBy).toBe(
      new Date(`${lastDay}T23:59:59.999-07:00`).toISOString(),
    );
  });

  it('lets only one of two simultaneous changes of a claim through', async () => {
    const claim = await fileTestClaim(app);
    await placeClaimAt(app, claim.id, 'in_review');

    const responses = await Promise.all([
      transition(reviewer, claim.id, { transition: 'approve', expectedStatus: 'in_review' }),
      transition(supervisor, claim.id, requestFor('deny', 'in_review')),
    ]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const history = await app.db
      .selectFrom('claim_history')
      .select('transition')
      .where('claim_id', '=', claim.id)
      .execute();
    expect(history).toHaveLength(2);
  });

  it('answers 404 for a claim that does not exist', async () => {
    const response = await transition(reviewer, 'no-such-claim', {
      transition: 'start_review',
      expectedStatus: 'received',
    });

    expect(response.statusCode).toBe(404);
  });
});
