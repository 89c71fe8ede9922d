import type { MessageText } from '@claims/core/rules/messages';
import type { FastifyInstance } from 'fastify';

/**
 * What the server tells a claimant after filing. Each message has a content key, so a case
 * translates it in content/<culture>.json; the English text is used where the copy lacks it.
 */
export const CLAIMANT_MESSAGES = {
  notAuthorized: {
    key: 'LocKey_ClaimStatus_NotAuthorized',
    text: 'Please enter your reference code and your last name or ZIP code first.',
  },
  cureClosed: {
    key: 'LocKey_ClaimStatus_CureClosed',
    text: 'The date to send the missing documents has passed. Please contact the Settlement Administrator.',
  },
  noNewDocuments: {
    key: 'LocKey_ClaimStatus_NoNewDocuments',
    text: 'Please upload the documents asked for before you send them for review.',
  },
  appealClosed: {
    key: 'LocKey_ClaimStatus_AppealClosed',
    text: 'The date to appeal this decision has passed. Please contact the Settlement Administrator.',
  },
  notDeficient: {
    key: 'LocKey_ClaimStatus_NotDeficient',
    text: 'Your claim is not waiting for documents.',
  },
  notDenied: {
    key: 'LocKey_ClaimStatus_NotDenied',
    text: 'Your claim has no decision to appeal.',
  },
  payoutClosed: {
    key: 'LocKey_ClaimStatus_PayoutClosed',
    text: 'The last day to change how you are paid has passed. Please contact the Settlement Administrator.',
  },
  payoutSettled: {
    key: 'LocKey_ClaimStatus_PayoutSettled',
    text: 'How this claim is paid can no longer be changed.',
  },
  noPayout: {
    key: 'LocKey_ClaimStatus_NoPayout',
    text: 'This claim has no payment method to change.',
  },
  noClaimForNotice: {
    key: 'LocKey_ChangeOfAddress_NoClaim',
    text: 'We have no claim filed for this Notice ID.',
  },
} as const satisfies Record<string, MessageText>;

/** The status in plain words: one content key per status. */
export function statusTextKey(status: string): string {
  return `LocKey_ClaimStatus_Status_${status}`;
}

/** A message in the claimant's culture. */
export function claimantMessage(
  app: FastifyInstance,
  culture: string,
  message: keyof typeof CLAIMANT_MESSAGES,
): string {
  return app.claimsCase.message(culture, CLAIMANT_MESSAGES[message]);
}
