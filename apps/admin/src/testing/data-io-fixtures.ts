import { emptyStatusCounts, type DashboardResponse } from '@claims/core/admin/dashboard-api';
import type { DataJob } from '@claims/core/admin/data-io-api';

/** Answers of the imports, exports and dashboard endpoints, in the contract's shapes. */

export function dataJobFixture(overrides: Partial<DataJob> = {}): DataJob {
  return {
    id: 'job-1',
    kind: 'class-list',
    state: 'done',
    mode: 'valid-only',
    rowsDone: 1200,
    rowsTotal: 1200,
    rowsRefused: 2,
    applied: true,
    error: null,
    hasFile: true,
    createdBy: 'sam.supervisor@example.test',
    createdAt: '2027-02-22T16:00:00.000Z',
    finishedAt: '2027-02-22T16:01:00.000Z',
    ...overrides,
  };
}

export function emptyDashboardFixture(): DashboardResponse {
  return {
    asOf: '2027-02-10T20:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    expectedClassSize: null,
    totalClaims: 0,
    claimsPerDay: [],
    byStatus: emptyStatusCounts(),
    fraudHolds: { total: 0, waiting: 0, byStatus: emptyStatusCounts() },
    awaitingCure: [],
    deadlines: [],
  };
}

export function dashboardFixture(): DashboardResponse {
  const empty = emptyDashboardFixture();
  return {
    ...empty,
    expectedClassSize: 40,
    totalClaims: 10,
    claimsPerDay: [
      { day: '2027-02-08', counts: { Standard: 3, Automotive: 1 } },
      { day: '2027-02-09', counts: { Standard: 0, Automotive: 0 } },
      { day: '2027-02-10', counts: { Standard: 4, Automotive: 2 } },
    ],
    byStatus: { ...empty.byStatus, received: 6, deficient: 3, approved: 1 },
    fraudHolds: {
      total: 2,
      waiting: 1,
      byStatus: { ...empty.byStatus, received: 1, deficient: 1 },
    },
    awaitingCure: [{ cureBy: '2027-03-12T07:59:59.999Z', claims: 3 }],
    deadlines: [{ name: 'claimFilingDeadline', at: '2027-02-13T22:00:00.000Z' }],
  };
}
