import type { FraudDeduction } from '@claims/core/admin/admin-api';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/** Claims filed through the app, and their assessments read back, for the fraud tests. */

export interface FilingOptions {
  /** The client address of a new browser; 192.0.2.1 unless given. */
  address?: string;
  /** A browser that filed before (its cookies and address). */
  client?: TestClient;
  claimantInfo?: Record<string, unknown>;
  claimDetails?: Record<string, unknown>;
  /** Runs between authorize and submit: the time the claimant takes (the test's clock). */
  whileFilling?: () => void;
  extraParts?: Record<string, string>;
}

/** A test app for filing claim after claim, with the demo class list and the forms' configs. */
export interface FilingApp {
  testApp: TestApp;
  members: Record<string, string>[];
  configs: RemoteModelConfig[];
}

/**
 * Starts a test app on the test's clock without the authorize, captcha and session rate limits,
 * so that one address files as many claims as a test needs.
 */
export async function startFilingApp(now: () => Date): Promise<FilingApp> {
  const testApp = await startTestApp({
    now,
    env: { RATE_LIMIT_AUTHORIZE: '0', RATE_LIMIT_CAPTCHA: '0', RATE_LIMIT_SESSION: '0' },
  });
  const members = await demoRows('class-list.csv');
  const configs = await new TestClient(testApp.app).modelConfigs();
  return { testApp, members, configs };
}

/** Authorizes the class member and files a valid Standard claim; answers its reference code. */
export async function fileStandardClaim(
  app: FastifyInstance,
  configs: readonly RemoteModelConfig[],
  member: Record<string, string>,
  options: FilingOptions = {},
): Promise<{ client: TestClient; referenceCode: string }> {
  const client = options.client ?? new TestClient(app, options.address ?? '192.0.2.1');
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
  options.whileFilling?.();
  const { textParts } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: options.claimantInfo ?? validClaimantInfo(),
    claimDetails: options.claimDetails ?? validStandardClaimDetails(member.Vin!),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
  });
  const response = await client.submit('Standard', { ...textParts, ...options.extraParts });
  if (response.statusCode !== 200) {
    throw new Error(`submit answered ${response.statusCode}: ${response.body}`);
  }
  return {
    client,
    referenceCode: response.json<{ referenceCodeForm: string }>().referenceCodeForm,
  };
}

/** The assessment of the claim with this reference code, to select from. */
function assessmentRow(app: FastifyInstance, referenceCode: string) {
  return app.db
    .selectFrom('claim_fraud_assessments')
    .innerJoin('claims', 'claims.id', 'claim_fraud_assessments.claim_id')
    .where('claims.reference_code', '=', referenceCode);
}

/** The claim's stored assessment, its deductions parsed. */
export async function assessmentOf(app: FastifyInstance, referenceCode: string) {
  const row = await assessmentRow(app, referenceCode)
    .selectAll('claim_fraud_assessments')
    .executeTakeFirstOrThrow();
  return { ...row, deductions: JSON.parse(row.deductions) as FraudDeduction[] };
}

/**
 * Waits for the re-scoring job to give the claim a deduction of `code` (and an assessment, when
 * it had none), and answers it.
 */
export async function eventuallyDeducted(
  app: FastifyInstance,
  referenceCode: string,
  code: string,
): Promise<FraudDeduction> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await assessmentRow(app, referenceCode)
      .select('claim_fraud_assessments.deductions')
      .executeTakeFirst();
    const deductions = row === undefined ? [] : (JSON.parse(row.deductions) as FraudDeduction[]);
    const found = deductions.find((deduction) => deduction.code === code);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${referenceCode} was not scored again`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A bare Standard claim row of `noticeId`, as the earlier release's fraud tests need one. */
export async function insertBareClaim(
  db: Kysely<Database>,
  claim: { id: string; referenceCode: string; noticeId: string; filedAt: string },
): Promise<void> {
  await db
    .insertInto('claims')
    .values({
      id: claim.id,
      reference_code: claim.referenceCode,
      form_type: 'Standard',
      culture: 'en',
      identity: JSON.stringify({ kind: 'classMember', noticeId: claim.noticeId }),
      models: '{}',
      prepopulated_data: '{}',
      submission_key: `key-${claim.id}`,
      parent_claim_id: null,
      created_at: claim.filedAt,
      cure_by: null,
      appeal_by: null,
      claimant_name: null,
      search_name: null,
      search_email: null,
      search_notice_id: claim.noticeId,
      search_vin: null,
    })
    .execute();
}
