import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validClaimantInfo } from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { assessmentOf, fileStandardClaim } from './fraud-test-claims';

let testApp: TestApp;
let configs: RemoteModelConfig[];

beforeAll(async () => {
  testApp = await startTestApp({
    now: () => new Date('2027-03-05T20:00:00Z'),
    editCase: (definition) => {
      definition.fraud = {
        reviewThreshold: 950,
        holdThreshold: 700,
        weights: { ZIP_STATE_MISMATCH: 60 },
        minimumFillSeconds: 0,
      };
    },
  });
  configs = await new TestClient(testApp.app).modelConfigs();
});
afterAll(async () => testApp.close());

describe("the case's fraud settings", () => {
  it('score a claim with their weights and judge it against their thresholds', async () => {
    const member = (await demoRows('class-list.csv'))[0]!;
    // Filed the moment the form opened: the case does not count the fill time.
    const { referenceCode } = await fileStandardClaim(testApp.app, configs, member, {
      address: '198.51.100.40',
      claimantInfo: { ...validClaimantInfo(), mailingSubDivision: 'WA' },
    });
    const row = await assessmentOf(testApp.app, referenceCode);
    expect(row).toMatchObject({
      score: 940,
      decision: 'review',
      review_threshold: 950,
      hold_threshold: 700,
    });
    expect(row.deductions).toEqual([
      {
        code: 'ZIP_STATE_MISMATCH',
        reason: expect.stringContaining('ZIP Code') as string,
        points: 60,
        evidence: 'ZIP 97208-4417 is in OR, not WA',
      },
    ]);
  });
});
