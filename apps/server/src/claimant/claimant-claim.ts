import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findClaim, type ClaimRow } from '../admin/claims/claim-detail';
import { HttpError } from '../http-error';
import { sessionCulture } from '../services/session-store';
import { claimantMessage } from './claimant-messages';

/**
 * Which claim a claimant's request is about. The claimant proved it with an authorize call
 * (routes/forms-authorize.ts), which applies the captcha and the lockouts of sign-in: Documents
 * Upload's reference code plus last name or ZIP, or, for a change of address, Standard's
 * Notice ID plus PIN (the claim that Notice ID filed). Nothing here checks credentials again.
 */

export interface ClaimantClaim {
  claim: ClaimRow;
  /** The culture the claimant reads. */
  culture: string;
  /** How the claimant proved who they are. */
  authorizedBy: 'referenceCode' | 'noticeId';
}

export type ClaimantProof = 'referenceCode' | 'referenceCodeOrNoticeId';

/** The session's claim; 401 when the session has proved none. */
export async function claimantClaim(
  app: FastifyInstance,
  request: FastifyRequest,
  proof: ClaimantProof,
): Promise<ClaimantClaim> {
  const session = request.session;
  const culture = sessionCulture(app.claimsCase, session);
  const authorizations = session?.data.authorizations ?? {};
  const byCode = authorizations.DocumentsUpload?.identity;
  if (byCode?.kind === 'claim') {
    return {
      claim: await findClaim(app.db, byCode.claimId),
      culture,
      authorizedBy: 'referenceCode',
    };
  }
  const byNotice = authorizations.Standard?.identity;
  if (proof === 'referenceCodeOrNoticeId' && byNotice?.kind === 'classMember') {
    // A Notice ID files one Standard claim; its first is the one a retry would answer.
    const filed = await app.db
      .selectFrom('claims')
      .select('id')
      .where('form_type', '=', 'Standard')
      .where('parent_claim_id', 'is', null)
      .where('identity', '=', JSON.stringify({ kind: 'classMember', noticeId: byNotice.noticeId }))
      .orderBy('created_at')
      .executeTakeFirst();
    if (filed === undefined)
      throw new HttpError(404, claimantMessage(app, culture, 'noClaimForNotice'));
    return { claim: await findClaim(app.db, filed.id), culture, authorizedBy: 'noticeId' };
  }
  throw new HttpError(401, claimantMessage(app, culture, 'notAuthorized'));
}
