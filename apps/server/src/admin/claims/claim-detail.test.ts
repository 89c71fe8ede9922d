import {
  claimPath,
  documentPath,
  type ClaimDetail,
  type ClaimSection,
} from '@claims/core/admin/admin-api';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoText } from '../../test/test-app';
import type { AdminBrowser } from '../testing/admin-test-kit';
import { useAdminTestApp } from './testing/admin-test-app';
import {
  fileTestClaim,
  scoreTestClaim,
  TEST_PDF,
  type FiledTestClaim,
} from './testing/claim-fixtures';

const env = useAdminTestApp(['viewer', 'reviewer']);
let app: FastifyInstance;
let viewer: AdminBrowser;
let reviewer: AdminBrowser;
let claim: FiledTestClaim;
let upload: FiledTestClaim;

beforeAll(async () => {
  ({ app } = env);
  viewer = env.browser('viewer');
  reviewer = env.browser('reviewer');
  claim = await fileTestClaim(app, {
    firstName: 'Ana',
    lastName: 'Núñez',
    documents: [{ name: 'Recibo de reparación "final".pdf', bytes: TEST_PDF }],
  });
  upload = await fileTestClaim(app, {
    formType: 'DocumentsUpload',
    parentClaimId: claim.id,
    documents: [{ name: 'later.pdf', bytes: TEST_PDF }],
  });
});

async function detail(browser: AdminBrowser): Promise<ClaimDetail> {
  const response = await browser.request({ method: 'GET', url: claimPath(claim.id) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClaimDetail>();
}

function section(claimDetail: ClaimDetail, part: ClaimSection['part']): ClaimSection {
  return claimDetail.sections.find((candidate) => candidate.part === part) as ClaimSection;
}

describe('one claim in the console', () => {
  it('shows each field with its label and a choice with its label, in the default culture', async () => {
    const shown = await detail(viewer);

    expect(section(shown, 'ClaimantInfo').fields).toContainEqual({
      name: 'firstName',
      label: await demoText('en', 'LocKey_Field_FirstName'),
      value: 'Ana',
    });
    expect(section(shown, 'ClaimDetails').fields).toContainEqual({
      name: 'ownershipType',
      label: await demoText('en', 'LocKey_Field_OwnershipType'),
      value: await demoText('en', 'LocKey_Option_Owned'),
    });
  });

  it('shows a ticked check box as yes', async () => {
    const shown = await detail(viewer);

    expect(section(shown, 'ClaimDetails').fields).toContainEqual(
      expect.objectContaining({ name: 'symptomShudder', value: 'Yes' }),
    );
  });

  it("lists the claim's documents and those uploaded for it later, scanned clean", async () => {
    const shown = await detail(viewer);

    expect(shown.documents.map((document) => [document.name, document.scanState])).toEqual([
      ['Recibo de reparación "final".pdf', 'clean'],
      ['later.pdf', 'clean'],
    ]);
    expect(shown.documents[0]).toMatchObject({
      contentType: 'application/pdf',
      size: TEST_PDF.length,
    });
  });

  it('offers a viewer no transitions and a reviewer those of the lifecycle', async () => {
    expect((await detail(viewer)).availableTransitions).toEqual([]);
    expect((await detail(reviewer)).availableTransitions).toEqual(['start_review', 'withdraw']);
  });

  it('shows the fraud assessment with its deductions once the claim is scored', async () => {
    expect((await detail(viewer)).fraud).toBeNull();
    await scoreTestClaim(app, claim.id, 650, 'review');

    expect((await detail(viewer)).fraud).toEqual({
      score: 650,
      decision: 'review',
      thresholds: { review: 700, hold: 400 },
      assessedAt: '2027-02-05T00:00:00.000Z',
      deductions: [
        {
          code: 'velocity_ip',
          reason: 'Many claims from one address',
          points: 350,
          evidence: '4 claims',
        },
      ],
    });
  });

  it('answers 404 for a documents upload, which is no claim of its own', async () => {
    const response = await viewer.request({ method: 'GET', url: claimPath(upload.id) });

    expect(response.statusCode).toBe(404);
  });

  it('writes the view to the audit log', async () => {
    await detail(viewer);

    const row = await app.db
      .selectFrom('audit_log')
      .select(['action', 'claim_reference', 'actor_email'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      action: 'claim_viewed',
      claim_reference: claim.referenceCode,
      actor_email: viewer.email,
    });
  });
});

describe("a claim's document", () => {
  async function documentId(name: string): Promise<string> {
    const shown = await detail(reviewer);
    return shown.documents.find((document) => document.name === name)?.id as string;
  }

  it('is served as an attachment with its stored type, nosniff, a sandbox and the file name encoded', async () => {
    const id = await documentId('Recibo de reparación "final".pdf');

    const response = await reviewer.request({
      method: 'GET',
      url: documentPath(claim.id, id, 'attachment'),
    });

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(Buffer.from(TEST_PDF));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Recibo de reparacion _final_.pdf"; filename*=UTF-8''Recibo%20de%20reparaci%C3%B3n%20%22final%22.pdf`,
    );
  });

  it('is served inline for viewing, and the view and the download are audited apart', async () => {
    const id = await documentId('later.pdf');

    const response = await reviewer.request({
      method: 'GET',
      url: documentPath(claim.id, id, 'inline'),
    });

    expect(response.headers['content-disposition']).toMatch(/^inline; filename="later.pdf"/);
    const actions = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('document_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([{ action: 'document_downloaded' }, { action: 'document_viewed' }]);
  });

  it('answers 404 for a document of another claim', async () => {
    const other = await fileTestClaim(app, { documents: [{ name: 'x.pdf', bytes: TEST_PDF }] });
    const row = await app.db
      .selectFrom('documents')
      .select('id')
      .where('claim_id', '=', other.id)
      .executeTakeFirstOrThrow();

    const response = await reviewer.request({
      method: 'GET',
      url: documentPath(claim.id, row.id, 'inline'),
    });

    expect(response.statusCode).toBe(404);
  });
});
