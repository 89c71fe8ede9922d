import type { FraudClaimResponse, FraudHoldsResponse } from '@claims/core/admin/fraud-api';

/** Answers of the fraud queue's endpoints, as the server gives them, for the console's tests. */

export function fraudHoldsFixture(): FraudHoldsResponse {
  return {
    items: [
      {
        id: 'c-2001',
        referenceCode: 'HK4M-2RTW',
        formType: 'Standard',
        status: 'received',
        filedAt: '2027-02-21T18:00:00.000Z',
        claimantName: 'Bot Person',
        score: 350,
        reasonCodes: ['HONEYPOT_FILLED', 'FAST_FILL'],
      },
      {
        id: 'c-2002',
        referenceCode: 'JP7N-3SXY',
        formType: 'Standard',
        status: 'in_review',
        filedAt: '2027-02-21T18:05:00.000Z',
        claimantName: null,
        score: 550,
        reasonCodes: ['IP_ADDRESS_VELOCITY'],
      },
    ],
    total: 2,
    page: 1,
    pageSize: 25,
  };
}

export function fraudClaimFixture(overrides: Partial<FraudClaimResponse> = {}): FraudClaimResponse {
  return {
    claimId: 'c-1002',
    referenceCode: 'CD3F-7HTW',
    held: true,
    release: null,
    cluster: [
      {
        id: 'c-2001',
        referenceCode: 'HK4M-2RTW',
        status: 'received',
        filedAt: '2027-02-21T18:00:00.000Z',
        claimantName: 'Bot Person',
        fraudScore: 350,
        fraudDecision: 'hold',
        shared: ['ip', 'device'],
      },
    ],
    clusterTruncated: false,
    ...overrides,
  };
}
