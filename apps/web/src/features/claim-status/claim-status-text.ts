import type { MessageText } from '@claims/core/rules/messages';

function text(key: string, english: string): MessageText {
  return { key, text: english };
}

/**
 * The texts of Check Claim Status and Change My Address besides the case's reasons and the
 * server's answers: the content key of each, with its English text for a culture whose content
 * lacks the key.
 */
export const CLAIM_STATUS_TEXT = {
  title: text('LocKey_Header_CheckClaimStatus', 'Check Claim Status'),
  signInIntro: text(
    'LocKey_ClaimStatus_SignInIntro',
    'Enter the reference code of your claim and your last name or ZIP code.',
  ),
  signIn: text('LocKey_ClaimStatus_SignIn', 'Check Status'),
  referenceCode: text('LocKey_ClaimStatus_ReferenceCode', 'Reference code'),
  currentStatus: text('LocKey_ClaimStatus_Current', 'Status'),
  filed: text('LocKey_ClaimStatus_Filed', 'Filed'),
  historyTitle: text('LocKey_ClaimStatus_HistoryTitle', 'History'),
  deficientTitle: text('LocKey_ClaimStatus_DeficientTitle', 'What is missing'),
  whatToSend: text('LocKey_ClaimStatus_WhatToSend', 'What to send'),
  cureBy: text('LocKey_ClaimStatus_CureBy', 'Send it by {date}.'),
  uploadLink: text('LocKey_ClaimStatus_UploadLink', 'Upload your documents'),
  uploadSteps: text(
    'LocKey_ClaimStatus_UploadSteps',
    'First upload your documents. Then come back to this page and send them for review.',
  ),
  sendForReview: text('LocKey_ClaimStatus_SendForReview', 'Send My Documents for Review'),
  deniedTitle: text('LocKey_ClaimStatus_DeniedTitle', 'Why your claim was denied'),
  appealTitle: text('LocKey_ClaimStatus_AppealTitle', 'Appeal this decision'),
  appealBy: text('LocKey_ClaimStatus_AppealBy', 'You may appeal until {date}.'),
  appealStatement: text('LocKey_ClaimStatus_AppealStatement', 'Why the decision should be changed'),
  appealDocuments: text(
    'LocKey_ClaimStatus_AppealDocuments',
    'To send documents with your appeal, upload them first.',
  ),
  appealSend: text('LocKey_ClaimStatus_AppealSend', 'Send My Appeal'),
  appealRequired: text(
    'LocKey_ClaimStatus_AppealRequired',
    'Please tell us why the decision should be changed.',
  ),
  appealClosed: text(
    'LocKey_ClaimStatus_AppealWindowClosed',
    'The time to appeal this decision has ended.',
  ),
  cureClosed: text(
    'LocKey_ClaimStatus_CureWindowClosed',
    'The time to send the missing documents has ended.',
  ),
  loading: text('LocKey_ClaimStatus_Loading', 'Loading your claim…'),
  payoutTitle: text('LocKey_ClaimStatus_PayoutTitle', 'How you are paid'),
  payoutMethod: text('LocKey_ClaimStatus_PayoutMethod', 'Payment method'),
  payoutChangeBy: text(
    'LocKey_ClaimStatus_PayoutChangeBy',
    'You may change how you are paid until {date}.',
  ),
  payoutChange: text('LocKey_ClaimStatus_PayoutChange', 'Change how you are paid'),
  payoutChangeClosed: text(
    'LocKey_ClaimStatus_PayoutChangeClosed',
    'How you are paid can no longer be changed.',
  ),
  payoutChangeTitle: text('LocKey_ClaimStatus_PayoutChangeTitle', 'Change How You Are Paid'),
  payoutChangeIntro: text(
    'LocKey_ClaimStatus_PayoutChangeIntro',
    'Choose how you would like to be paid. Your new choice replaces the one on your claim.',
  ),
  payoutSave: text('LocKey_ClaimStatus_PayoutSave', 'Save My Payment Method'),
  payoutCancel: text('LocKey_ClaimStatus_PayoutCancel', 'Cancel'),
  payoutChanged: text('LocKey_ClaimStatus_PayoutChanged', 'Your payment method has been changed.'),
} as const;
