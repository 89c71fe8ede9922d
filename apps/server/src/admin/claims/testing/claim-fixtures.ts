import type { ClaimFormType } from '@claims/core/admin/admin-api';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import type { FastifyInstance } from 'fastify';
import { ClaimsStore } from '../../../services/claims-store';

/**
 * Claims stored as a submit stores them (services/claims-store.ts), without the submit's
 * checks, for the admin tests: who filed, when, and the documents that came with it.
 */

export interface ClaimSpec {
  formType?: ClaimFormType | 'DocumentsUpload';
  firstName?: string;
  lastName?: string;
  email?: string | null;
  noticeId?: string;
  vin?: string;
  /** When it was filed; the app's clock by default. */
  filedAt?: Date;
  parentClaimId?: string;
  documents?: { name: string; bytes: Uint8Array; documentType?: string }[];
}

export interface FiledTestClaim {
  id: string;
  referenceCode: string;
}

let counter = 0;

export async function fileTestClaim(
  app: FastifyInstance,
  spec: ClaimSpec = {},
): Promise<FiledTestClaim> {
  counter += 1;
  const formType = spec.formType ?? 'Standard';
  const identity =
    spec.parentClaimId !== undefined
      ? { kind: 'claim', claimId: spec.parentClaimId, referenceCode: 'unused' }
      : formType === 'Automotive'
        ? { kind: 'vehicle', vin: spec.vin ?? '1NWVRS2F5JR162080' }
        : {
            kind: 'classMember',
            noticeId: spec.noticeId ?? `NW${String(counter).padStart(8, '0')}`,
          };
  const documents = [];
  const contexts = [];
  for (const [index, document] of (spec.documents ?? []).entries()) {
    const stored = await app.documents.put(
      (async function* () {
        yield document.bytes;
      })(),
      { maxBytes: 10 * 1024 * 1024 },
    );
    await app.documents.commitMany([stored]);
    const clientId = `doc-${counter}-${index}`;
    documents.push({
      clientId,
      storageKey: stored.storageKey,
      originalName: document.name,
      contentType: stored.contentType ?? 'application/octet-stream',
      size: stored.size,
      sha256: stored.sha256,
    });
    contexts.push({
      clientId,
      metadataHash: 'test',
      fields: {
        documentType: document.documentType ?? 'RepairInvoice',
        document: { name: document.name, size: stored.size, type: stored.contentType },
      },
    });
  }
  const claimantInfo =
    formType === 'DocumentsUpload'
      ? null
      : {
          clientId: `ci-${counter}`,
          metadataHash: 'test',
          fields: {
            firstName: spec.firstName ?? 'Ana',
            lastName: spec.lastName ?? `Tester${counter}`,
            emailAddress: spec.email === undefined ? `claimant${counter}@example.com` : spec.email,
          },
        };
  const store = new ClaimsStore(app, () => spec.filedAt ?? app.now());
  const saved = await store.save({
    formType,
    culture: 'en',
    identity,
    models: {
      claimantInfo,
      claimDetails:
        formType === 'Standard'
          ? {
              clientId: `cd-${counter}`,
              metadataHash: 'test',
              fields: { vin: spec.vin ?? null, ownershipType: 'Owned', symptomShudder: true },
            }
          : null,
      signature: null,
      documentContexts: contexts,
      claimTransactions: [],
    },
    prepopulatedData: {},
    submissionKey: `test-${counter}-${Math.random()}`,
    parentClaimId: spec.parentClaimId ?? null,
    documents,
  });
  const row = await app.db
    .selectFrom('claims')
    .select('id')
    .where('reference_code', '=', saved.referenceCode)
    .executeTakeFirstOrThrow();
  return { id: row.id, referenceCode: saved.referenceCode };
}

/**
 * Puts a claim at a status with its windows, as a test's starting point: the status columns
 * only, without a history event.
 */
export async function placeClaimAt(
  app: FastifyInstance,
  claimId: string,
  status: ClaimStatus,
  windows: { cureBy?: string | null; appealBy?: string | null } = {},
): Promise<void> {
  await app.db
    .updateTable('claims')
    .set({ status, cure_by: windows.cureBy ?? null, appeal_by: windows.appealBy ?? null })
    .where('id', '=', claimId)
    .execute();
}

/** A minimal PDF, as a claimant would send. */
export const TEST_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Records a fraud assessment of the claim, as fraud scoring stores one. */
export async function scoreTestClaim(
  app: FastifyInstance,
  claimId: string,
  score: number,
  decision: 'pass' | 'review' | 'hold',
): Promise<void> {
  await app.db
    .insertInto('claim_fraud_assessments')
    .values({
      claim_id: claimId,
      score,
      decision,
      deductions: JSON.stringify(
        score === 1000
          ? []
          : [
              {
                code: 'velocity_ip',
                reason: 'Many claims from one address',
                points: 1000 - score,
                evidence: '4 claims',
              },
            ],
      ),
      review_threshold: 700,
      hold_threshold: 400,
      assessed_at: '2027-02-05T00:00:00.000Z',
    })
    .execute();
}
