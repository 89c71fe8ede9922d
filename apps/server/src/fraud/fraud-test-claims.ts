import type { FraudDeduction } from '@claims/core/admin/admin-api';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { FastifyInstance } from 'fastify';
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

/** The claim's stored assessment, its deductions parsed. */
export async function assessmentOf(app: FastifyInstance, referenceCode: string) {
  const row = await app.db
    .selectFrom('claim_fraud_assessments')
    .innerJoin('claims', 'claims.id', 'claim_fraud_assessments.claim_id')
    .selectAll('claim_fraud_assessments')
    .where('claims.reference_code', '=', referenceCode)
    .executeTakeFirstOrThrow();
  return { ...row, deductions: JSON.parse(row.deductions) as FraudDeduction[] };
}
