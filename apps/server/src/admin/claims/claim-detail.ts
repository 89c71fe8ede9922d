import {
  CLAIM_FORM_TYPES,
  type ClaimDetail,
  type ClaimDocument,
  type ClaimFormType,
  type FraudAssessment,
} from '@claims/core/admin/admin-api';
import { lifecycleActorOf, type AdminRole } from '@claims/core/admin/admin-roles';
import { availableTransitions } from '@claims/core/lifecycle/apply-transition';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import type { Kysely, Selectable } from 'kysely';
import type { ClaimsCase } from '../../case/claims-case';
import type { ClaimTable, Database } from '../../db/schema';
import { notFound } from '../../http-error';
import type { StoredModel } from '../../services/submission-check';
import type { CaseLifecycle } from './case-lifecycle';
import { readHistory } from './claim-history';
import { addressChangeSections } from '../../claimant/address-change-sections';
import { payoutChangeSections } from '../../claimant/payout-change';
import { ClaimReader } from './claim-sections';

/** One claim as the console shows it: its answers, documents, history and what may be done. */

export type ClaimRow = Selectable<ClaimTable> & { form_type: ClaimFormType; status: ClaimStatus };

export const NO_SUCH_CLAIM = 'There is no such claim.';

/** The claim with this id; 404 when there is none (a documents upload is no claim of its own). */
export async function findClaim(db: Kysely<Database>, claimId: string): Promise<ClaimRow> {
  const row = await db
    .selectFrom('claims')
    .selectAll()
    .where('id', '=', claimId)
    .where('form_type', 'in', CLAIM_FORM_TYPES)
    .executeTakeFirst();
  if (row === undefined) throw notFound(NO_SUCH_CLAIM);
  return row as ClaimRow;
}

function documentContexts(models: string): StoredModel[] {
  return (JSON.parse(models) as { documentContexts?: StoredModel[] }).documentContexts ?? [];
}

/**
 * The claim's documents and those of the documents uploads made for it, oldest first. A stored
 * document was scanned clean before its claim was committed (services/claim-submission.ts), and
 * nothing records a later scan, so each one is `clean`.
 */
async function claimDocuments(
  db: Kysely<Database>,
  reader: ClaimReader,
  claim: ClaimRow,
): Promise<ClaimDocument[]> {
  const holders = await db
    .selectFrom('claims')
    .select(['id', 'form_type', 'models'])
    .where((eb) => eb.or([eb('id', '=', claim.id), eb('parent_claim_id', '=', claim.id)]))
    .execute();
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where(
      'claim_id',
      'in',
      holders.map((holder) => holder.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const holderOf = new Map(holders.map((holder) => [holder.id, holder]));
  return rows.map((row) => {
    const holder = holderOf.get(row.claim_id);
    const context = holder
      ? documentContexts(holder.models).find((model) => model.clientId === row.client_id)
      : undefined;
    return {
      id: row.id,
      name: row.original_name,
      contentType: row.content_type,
      size: Number(row.size),
      sha256: row.sha256,
      scanState: 'clean',
      uploadedAt: row.created_at,
      context: reader.documentContextLabel(claim.form_type, context),
    };
  });
}

/** The claim's fraud assessment; null until the claim is scored. */
async function fraudAssessment(
  db: Kysely<Database>,
  claimId: string,
): Promise<FraudAssessment | null> {
  const row = await db
    .selectFrom('claim_fraud_assessments')
    .selectAll()
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    score: Number(row.score),
    decision: row.decision as FraudAssessment['decision'],
    thresholds: { review: Number(row.review_threshold), hold: Number(row.hold_threshold) },
    assessedAt: row.assessed_at,
    deductions: JSON.parse(row.deductions) as FraudAssessment['deductions'],
  };
}

export interface DetailContext {
  db: Kysely<Database>;
  claimsCase: ClaimsCase;
  lifecycle: CaseLifecycle;
  role: AdminRole;
  now: Date;
}

export async function readClaimDetail(
  context: DetailContext,
  claim: ClaimRow,
): Promise<ClaimDetail> {
  const { db, claimsCase, lifecycle, role, now } = context;
  const reader = new ClaimReader(claimsCase);
  const actor = lifecycleActorOf(role);
  const state = { status: claim.status, cureBy: claim.cure_by, appealBy: claim.appeal_by };
  return {
    id: claim.id,
    referenceCode: claim.reference_code,
    formType: claim.form_type,
    culture: claim.culture,
    status: claim.status,
    filedAt: claim.created_at,
    claimantName: claim.claimant_name,
    cureBy: claim.cure_by,
    appealBy: claim.appeal_by,
    sections: [
      ...reader.sections(claim.form_type, JSON.parse(claim.models) as Record<string, unknown>),
      ...(await addressChangeSections(db, claimsCase, claim.id)),
      ...(await payoutChangeSections(db, claimsCase, claim)),
    ],
    documents: await claimDocuments(db, reader, claim),
    history: await readHistory(db, claim.id),
    fraud: await fraudAssessment(db, claim.id),
    availableTransitions: actor === null ? [] : availableTransitions(state, actor, now),
    lifecycle: lifecycle.admin,
  };
}
