import { claimTransitionsPath } from '@claims/core/admin/admin-api';
import {
  fraudClaimPath,
  fraudHoldsPath,
  fraudReleasePath,
  type FraudClaimResponse,
  type FraudHoldsResponse,
} from '@claims/core/admin/fraud-api';
import { HONEYPOT_PART_NAME } from '@claims/core/contract/submission-parts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStandardClaim } from '../../fraud/fraud-test-claims';
import { validClaimantInfo } from '../../test/claims';
import { demoRows, TestClient } from '../../test/test-app';
import { useAdminTestApp } from '../claims/testing/admin-test-app';
import type { AdminBrowser } from '../testing/admin-test-kit';

const env = useAdminTestApp(['viewer', 'reviewer', 'supervisor']);
let app: FastifyInstance;
let supervisor: AdminBrowser;
let members: Record<string, string>[];
let memberIndex = 0;
/** One browser at one address filing hidden-field claims: held, and a cluster by address and device. */
let bot: TestClient;

beforeAll(async () => {
  ({ app } = env);
  supervisor = env.browser('supervisor');
  members = await demoRows('class-list.csv');
  bot = new TestClient(app, '203.0.113.40');
});

/** A claimant sharing no name, street, e-mail or phone with any other claim of the file. */
function ownClaimantInfo(n: number): Record<string, unknown> {
  const email = `person.${n}@example.com`;
  const phone = `(503) 555-${String(2000 + n)}`;
  return {
    ...validClaimantInfo(),
    firstName: 'Ordinary',
    lastName: `Person${'q'.repeat(n)}`,
    mailingStreetLine1: `${300 + n} Quiet Street`,
    emailAddress: email,
    confirmEmailAddress: email,
    phoneNumber: phone,
    confirmPhoneNumber: phone,
  };
}

async function fileClaim(options: { held: boolean }): Promise<string> {
  const configs = await new TestClient(app).modelConfigs();
  const { referenceCode } = await fileStandardClaim(app, configs, members[memberIndex++]!, {
    ...(options.held
      ? { client: bot, extraParts: { [HONEYPOT_PART_NAME]: 'https://spam.example' } }
      : { address: `198.51.100.${memberIndex}`, claimantInfo: ownClaimantInfo(memberIndex) }),
  });
  const row = await app.db
    .selectFrom('claims')
    .select('id')
    .where('reference_code', '=', referenceCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function holds(): Promise<FraudHoldsResponse> {
  const response = await supervisor.request({ method: 'GET', url: fraudHoldsPath({}) });
  expect(response.statusCode).toBe(200);
  return response.json<FraudHoldsResponse>();
}

const heldIds = async () => (await holds()).items.map((item) => item.id);

function release(browser: AdminBrowser, claimId: string, note: string) {
  return browser.request({ method: 'POST', url: fraudReleasePath(claimId), payload: { note } });
}

async function auditActions(claimId: string): Promise<string[]> {
  const claim = await app.db
    .selectFrom('claims')
    .select('reference_code')
    .where('id', '=', claimId)
    .executeTakeFirstOrThrow();
  const rows = await app.db
    .selectFrom('audit_log')
    .select('action')
    .where('claim_reference', '=', claim.reference_code)
    .execute();
  return rows.map((row) => row.action);
}

describe('the fraud queue', () => {
  it('lists held claims lowest score first with their reason codes, and no claim that passed', async () => {
    const first = await fileClaim({ held: true });
    const second = await fileClaim({ held: true });
    const ordinary = await fileClaim({ held: false });
    const { items } = await holds();
    const ids = items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain(ordinary);
    const scores = items.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(items.find((item) => item.id === first)?.reasonCodes).toContain('HONEYPOT_FILLED');
  });

  it('shows a held claim its cluster: the claims sharing its address and device', async () => {
    const first = await fileClaim({ held: true });
    const second = await fileClaim({ held: true });
    const response = await supervisor.request({ method: 'GET', url: fraudClaimPath(first) });
    const answer = response.json<FraudClaimResponse>();
    expect(answer).toMatchObject({ held: true, release: null });
    const member = answer.cluster.find((claim) => claim.id === second);
    expect(member?.shared).toEqual(expect.arrayContaining(['ip', 'device']));
    expect(await auditActions(first)).toContain('fraud_cluster_viewed');
  });

  it('lets a viewer read the queue', async () => {
    const response = await env
      .browser('viewer')
      .request({ method: 'GET', url: fraudHoldsPath({}) });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for the cluster of no such claim', async () => {
    const response = await supervisor.request({ method: 'GET', url: fraudClaimPath('nope') });
    expect(response.statusCode).toBe(404);
  });
});

describe('releasing a hold', () => {
  it('refuses a reviewer, and the claim stays held', async () => {
    const claimId = await fileClaim({ held: true });
    const response = await release(env.browser('reviewer'), claimId, 'Looks like a person.');
    expect(response.statusCode).toBe(403);
    expect(await heldIds()).toContain(claimId);
  });

  it('records who released it and takes it out of the queue, its score and reasons kept', async () => {
    const claimId = await fileClaim({ held: true });
    const before = await app.db
      .selectFrom('claim_fraud_assessments')
      .selectAll()
      .where('claim_id', '=', claimId)
      .executeTakeFirstOrThrow();
    const response = await release(supervisor, claimId, 'Spoke with the claimant by phone.');
    expect(response.statusCode).toBe(200);
    expect(response.json<FraudClaimResponse>()).toMatchObject({
      held: false,
      release: { actorEmail: supervisor.email, note: 'Spoke with the claimant by phone.' },
    });
    expect(await heldIds()).not.toContain(claimId);
    const after = await app.db
      .selectFrom('claim_fraud_assessments')
      .selectAll()
      .where('claim_id', '=', claimId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await auditActions(claimId)).toContain('fraud_hold_released');
  });

  it('answers 409 to a second release of the same claim', async () => {
    const claimId = await fileClaim({ held: true });
    expect((await release(supervisor, claimId, 'A person.')).statusCode).toBe(200);
    expect((await release(supervisor, claimId, 'A person again.')).statusCode).toBe(409);
  });

  it('answers 409 for a claim that was never held', async () => {
    const claimId = await fileClaim({ held: false });
    expect((await release(supervisor, claimId, 'A person.')).statusCode).toBe(409);
  });

  it('answers 400 for a release without a note', async () => {
    const claimId = await fileClaim({ held: true });
    expect((await release(supervisor, claimId, '   ')).statusCode).toBe(400);
    expect(await heldIds()).toContain(claimId);
  });
});

describe('denying a held claim', () => {
  it('takes it out of the queue, denied with a reason the claimant can appeal', async () => {
    const claimId = await fileClaim({ held: true });
    const transition = (body: object) =>
      supervisor.request({ method: 'POST', url: claimTransitionsPath(claimId), payload: body });
    expect(
      (await transition({ transition: 'start_review', expectedStatus: 'received' })).statusCode,
    ).toBe(200);
    const denied = await transition({
      transition: 'deny',
      expectedStatus: 'in_review',
      reasonCodes: ['fraudulent_or_unverifiable'],
    });
    expect(denied.statusCode).toBe(200);
    expect(denied.json<{ appealBy: string | null }>().appealBy).not.toBeNull();
    expect(await heldIds()).not.toContain(claimId);
  });
});
