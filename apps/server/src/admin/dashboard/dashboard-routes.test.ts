import { DASHBOARD_PATH, type DashboardResponse } from '@claims/core/admin/dashboard-api';
import { fraudReleasePath } from '@claims/core/admin/fraud-api';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../claims/testing/admin-test-app';
import { fileTestClaim, placeClaimAt, scoreTestClaim } from '../claims/testing/claim-fixtures';

/** The server's clock: noon in Los Angeles (the demo case's zone) on February 10, 2027. */
const NOW = new Date('2027-02-10T20:00:00.000Z');
const CURE_BY = '2027-03-12T07:59:59.999Z';

const env = useAdminTestApp(['viewer', 'supervisor'], {
  now: () => NOW,
  editCase: (definition) => {
    (definition.details as Record<string, unknown>).expectedClassSize = 500;
  },
});
let app: FastifyInstance;

async function dashboard(): Promise<DashboardResponse> {
  const response = await env.browser('viewer').request({ method: 'GET', url: DASHBOARD_PATH });
  expect(response.statusCode).toBe(200);
  return response.json<DashboardResponse>();
}

beforeAll(() => {
  ({ app } = env);
});

describe('the dashboard through the admin API', () => {
  it('has nothing to plot before the first claim, and says the expected class size', async () => {
    const figures = await dashboard();

    expect(figures).toMatchObject({
      asOf: NOW.toISOString(),
      timeZone: 'America/Los_Angeles',
      expectedClassSize: 500,
      totalClaims: 0,
      claimsPerDay: [],
      awaitingCure: [],
      fraudHolds: { total: 0 },
    });
    expect(figures.deadlines[0]).toEqual({
      name: 'automotiveFilingDeadline',
      at: '2036-07-01T06:59:59.000Z',
    });
  });

  it('counts claims per day of the case’s zone, by form type, through today', async () => {
    // 11:30 PM on February 7 in Los Angeles is already February 8 in UTC.
    await fileTestClaim(app, { filedAt: new Date('2027-02-08T07:30:00.000Z') });
    await fileTestClaim(app, { filedAt: new Date('2027-02-08T08:15:00.000Z') });
    await fileTestClaim(app, {
      formType: 'Automotive',
      filedAt: new Date('2027-02-08T09:00:00.000Z'),
    });
    const parent = await fileTestClaim(app, { filedAt: new Date('2027-02-09T18:00:00.000Z') });
    await fileTestClaim(app, {
      formType: 'DocumentsUpload',
      parentClaimId: parent.id,
      filedAt: new Date('2027-02-09T18:05:00.000Z'),
    });

    const figures = await dashboard();

    expect(figures.claimsPerDay).toEqual([
      { day: '2027-02-07', counts: { Standard: 1, Automotive: 0 } },
      { day: '2027-02-08', counts: { Standard: 1, Automotive: 1 } },
      { day: '2027-02-09', counts: { Standard: 1, Automotive: 0 } },
      { day: '2027-02-10', counts: { Standard: 0, Automotive: 0 } },
    ]);
    expect(figures.totalClaims).toBe(4);
    expect(figures.byStatus.received).toBe(4);
  });

  it('counts statuses, fraud holds, and deficient claims by their cure-by date', async () => {
    const held = await fileTestClaim(app);
    await scoreTestClaim(app, held.id, 300, 'hold');
    const deficient = await fileTestClaim(app);
    await placeClaimAt(app, deficient.id, 'deficient', { cureBy: CURE_BY });
    await scoreTestClaim(app, deficient.id, 350, 'hold');
    const other = await fileTestClaim(app);
    await placeClaimAt(app, other.id, 'deficient', { cureBy: CURE_BY });

    const figures = await dashboard();

    expect(figures.byStatus).toMatchObject({ received: 5, deficient: 2, approved: 0 });
    expect(figures.totalClaims).toBe(7);
    expect(figures.fraudHolds.total).toBe(2);
    expect(figures.fraudHolds.waiting).toBe(2);
    expect(figures.fraudHolds.byStatus).toMatchObject({ received: 1, deficient: 1 });
    expect(figures.awaitingCure).toEqual([{ cureBy: CURE_BY, claims: 2 }]);
  });

  it('counts a released hold among the claims held but no longer among those waiting', async () => {
    const before = await dashboard();
    const held = await fileTestClaim(app);
    await scoreTestClaim(app, held.id, 320, 'hold');
    const released = await env.browser('supervisor').request({
      method: 'POST',
      url: fraudReleasePath(held.id),
      payload: { note: 'Spoke with the claimant by phone.' },
    });
    expect(released.statusCode).toBe(200);

    const figures = await dashboard();

    expect(figures.fraudHolds.total).toBe(before.fraudHolds.total + 1);
    expect(figures.fraudHolds.waiting).toBe(before.fraudHolds.waiting);
  });

  it('is refused without a session', async () => {
    const response = await app.inject({ method: 'GET', url: DASHBOARD_PATH });
    expect(response.statusCode).toBe(401);
  });
});
