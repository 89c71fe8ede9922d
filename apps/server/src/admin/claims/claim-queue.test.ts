import {
  claimsPath,
  type ClaimsQueryInput,
  type ClaimsResponse,
} from '@claims/core/admin/admin-api';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../testing/admin-test-kit';
import { useAdminTestApp } from './testing/admin-test-app';
import {
  fileTestClaim,
  placeClaimAt,
  scoreTestClaim,
  type FiledTestClaim,
} from './testing/claim-fixtures';

const env = useAdminTestApp(['viewer']);
let app: FastifyInstance;
let viewer: AdminBrowser;
const claims: Record<string, FiledTestClaim> = {};

// The case's time zone is Los Angeles (UTC-8 in February): 2027-02-02T07:30Z is still
// 1 February there.
beforeAll(async () => {
  ({ app } = env);
  viewer = env.browser('viewer');
  claims.ana = await fileTestClaim(app, {
    firstName: 'Ana María',
    lastName: "O'Neil-Núñez",
    email: 'ana.oneil@example.com',
    noticeId: 'NW95223947',
    filedAt: new Date('2027-02-01T18:00:00.000Z'),
  });
  claims.bo = await fileTestClaim(app, {
    firstName: 'Bo',
    lastName: 'Zed',
    email: 'bo@example.net',
    filedAt: new Date('2027-02-02T07:30:00.000Z'),
  });
  claims.cy = await fileTestClaim(app, {
    formType: 'Automotive',
    firstName: 'Cy',
    lastName: 'Young',
    vin: '1NWVRS2F5JR162080',
    filedAt: new Date('2027-02-03T18:00:00.000Z'),
  });
  await fileTestClaim(app, {
    formType: 'DocumentsUpload',
    parentClaimId: claims.ana.id,
    filedAt: new Date('2027-02-04T18:00:00.000Z'),
  });
  await placeClaimAt(app, claims.bo.id, 'in_review');
  await scoreTestClaim(app, claims.bo.id, 350, 'hold');
  await scoreTestClaim(app, claims.cy.id, 980, 'pass');
});

async function list(query: ClaimsQueryInput): Promise<ClaimsResponse> {
  const response = await viewer.request({ method: 'GET', url: claimsPath(query) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClaimsResponse>();
}

async function codes(query: ClaimsQueryInput): Promise<string[]> {
  return (await list(query)).items.map((item) => item.referenceCode);
}

describe('the claims queue', () => {
  it('lists the claims oldest first, without documents uploads', async () => {
    expect(await codes({})).toEqual([
      claims.ana?.referenceCode,
      claims.bo?.referenceCode,
      claims.cy?.referenceCode,
    ]);
  });

  it('filters by status', async () => {
    expect(await codes({ status: ['in_review'] })).toEqual([claims.bo?.referenceCode]);
  });

  it('lists the claims of several statuses together in filing order, either way', async () => {
    const oldestFirst = [claims.ana, claims.bo, claims.cy].map((claim) => claim?.referenceCode);

    expect(await codes({ status: ['received', 'in_review'] })).toEqual(oldestFirst);
    expect(await codes({ status: ['received', 'in_review'], order: 'desc' })).toEqual(
      [...oldestFirst].reverse(),
    );
  });

  it('filters by form type', async () => {
    expect(await codes({ formType: ['Automotive'] })).toEqual([claims.cy?.referenceCode]);
  });

  it("filters by filing days in the case's time zone, both ends included", async () => {
    expect(await codes({ filedFrom: '2027-02-01', filedTo: '2027-02-01' })).toEqual([
      claims.ana?.referenceCode,
      claims.bo?.referenceCode,
    ]);
  });

  it('filters by fraud decision', async () => {
    expect(await codes({ fraud: ['hold', 'review'] })).toEqual([claims.bo?.referenceCode]);
  });

  it('sorts by fraud score, unscored claims last', async () => {
    const page = await list({ sort: 'fraudScore' });
    expect(
      page.items.map((item) => [item.referenceCode, item.fraudScore, item.fraudDecision]),
    ).toEqual([
      [claims.bo?.referenceCode, 350, 'hold'],
      [claims.cy?.referenceCode, 980, 'pass'],
      [claims.ana?.referenceCode, null, null],
    ]);
  });

  it('finds a claim by its reference code, however it is typed', async () => {
    const typed = (claims.cy?.referenceCode as string).replaceAll('-', ' ').toLowerCase();
    expect(await codes({ q: typed })).toEqual([claims.cy?.referenceCode]);
  });

  it('finds a claim by its Notice ID', async () => {
    expect(await codes({ q: 'nw95223947' })).toEqual([claims.ana?.referenceCode]);
  });

  it('finds a claim by its VIN', async () => {
    expect(await codes({ q: '1nwvrs2f5jr162080' })).toEqual([claims.cy?.referenceCode]);
  });

  it("finds a claim by part of the claimant's name, accents and punctuation aside", async () => {
    expect(await codes({ q: "o'neil-nunez" })).toEqual([claims.ana?.referenceCode]);
  });

  it('finds a claim by part of the e-mail address', async () => {
    expect(await codes({ q: 'EXAMPLE.NET' })).toEqual([claims.bo?.referenceCode]);
  });

  it('takes the wildcards of a search literally', async () => {
    expect(await codes({ q: '%' })).toEqual([]);
  });

  it('pages on the server, with the total of every page', async () => {
    const page = await list({ sort: 'claimantName', order: 'desc', pageSize: 25, page: 1 });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.claimantName)).toEqual([
      'Cy Young',
      'Bo Zed',
      "Ana María O'Neil-Núñez",
    ]);
    const past = await list({ page: 2 });
    expect(past).toMatchObject({
      items: [],
      total: 3,
      moreThanTotal: false,
      page: 2,
      pageSize: 25,
    });
  });

  it('writes the listing to the audit log with its filters', async () => {
    await list({ status: ['received'], q: 'bo' });

    const row = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'details'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      action: 'claims_listed',
      actor_email: viewer.email,
      details: expect.stringContaining('status=received'),
    });
  });

  it('answers 400 to an unknown status', async () => {
    const response = await viewer.request({ method: 'GET', url: '/admin/api/claims?status=lost' });

    expect(response.statusCode).toBe(400);
  });
});
