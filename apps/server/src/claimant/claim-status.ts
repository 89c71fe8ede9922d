import type { ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { isWindowOpen } from '@claims/core/lifecycle/windows';
import type { FastifyInstance } from 'fastify';
import { caseLifecycle } from '../admin/claims/case-lifecycle';
import type { ClaimRow } from '../admin/claims/claim-detail';
import { readHistory } from '../admin/claims/claim-history';
import { statusTextKey } from './claimant-messages';
import { readPayoutSummary } from './payout-change';

/**
 * A claim as its claimant reads it on Check Claim Status: the status in plain words, the dates
 * it changed, and what the claimant may do now. Reasons are the case's own (the lifecycle
 * section of the case definition), worded in the claimant's culture; notes and who acted are
 * staff matters and stay out.
 */
export async function readClaimStatus(
  app: FastifyInstance,
  claim: ClaimRow,
  culture: string,
): Promise<ClaimStatusResponse> {
  const { settings, timeZone } = caseLifecycle(app.claimsCase);
  const text = (key: string, fallback: string) => app.claimsCase.text(culture, key) ?? fallback;
  const statusText = (status: string) => text(statusTextKey(status), status);
  const history = await readHistory(app.db, claim.id);
  const last = history.at(-1);
  // The reasons of the event that brought the claim where it is now.
  const reasonCodes = last?.to === claim.status ? last.reasonCodes : [];
  const now = app.now();
  const deficiencies =
    claim.status !== 'deficient'
      ? []
      : settings.deficiencyReasons
          .filter((reason) => reasonCodes.includes(reason.code))
          .map((reason) => ({
            code: reason.code,
            label: text(reason.labelKey, reason.code),
            whatToSend: text(reason.whatToSendKey, ''),
          }));
  const denialReasons =
    claim.status !== 'denied'
      ? []
      : settings.denialReasons
          .filter((reason) => reasonCodes.includes(reason.code))
          .map((reason) => ({ code: reason.code, label: text(reason.labelKey, reason.code) }));
  const cureBy = claim.status === 'deficient' ? claim.cure_by : null;
  const appealBy = claim.status === 'denied' ? claim.appeal_by : null;
  return {
    referenceCode: claim.reference_code,
    status: claim.status,
    statusText: statusText(claim.status),
    filedAt: claim.created_at,
    timeZone,
    history: history.map((event) => ({
      at: event.at,
      status: event.to,
      statusText: statusText(event.to),
    })),
    deficiencies,
    cureBy,
    cureOpen: cureBy !== null && isWindowOpen(cureBy, now),
    denialReasons,
    appealBy,
    appealOpen: appealBy !== null && isWindowOpen(appealBy, now),
    payout: readPayoutSummary(app, claim, culture),
  };
}
