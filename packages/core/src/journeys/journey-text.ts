import { UI_CONTENT_KEYS } from '../case/content-keys';
import type { MessageText } from '../rules/messages';

const { button, page, landing, forms } = UI_CONTENT_KEYS;

function text(key: string, english: string): MessageText {
  return { key, text: english };
}

/**
 * The texts of the journeys' pages besides field labels: the content key of each, with its
 * English text for a culture whose content lacks the key.
 */
export const JOURNEY_TEXT = {
  continue: text(button.continue, 'Continue'),
  startClaim: text(button.startClaim, 'Start Your Claim'),
  standardLandingTitle: text(landing.standardTitle, 'File a Claim with Your Notice ID'),
  standardLandingIntro: text(
    landing.standardIntro,
    'Enter the Notice ID and PIN printed on your notice.',
  ),
  automotiveLandingTitle: text(
    landing.automotiveTitle,
    'File a Claim with Your Vehicle Identification Number',
  ),
  automotiveLandingIntro: text(
    landing.automotiveIntro,
    'Enter the vehicle identification number (VIN) of your vehicle to start a claim.',
  ),
  documentsUploadLandingTitle: text(
    landing.documentsUploadTitle,
    'Upload Documents for Your Claim',
  ),
  documentsUploadLandingIntro: text(
    landing.documentsUploadIntro,
    'Enter the reference code of your claim and your last name or ZIP code.',
  ),
  claimantInfoTitle: text(page.claimantInfoTitle, 'Your Contact Information'),
  claimantInfoIntro: text(
    page.claimantInfoIntro,
    'Tell us where to send your payment and how to reach you about your claim.',
  ),
  claimDetailsTitle: text(page.claimDetailsTitle, 'Your Vehicle and Repairs'),
  claimDetailsIntro: text(
    page.claimDetailsIntro,
    'Answer these questions about your vehicle and any repairs you paid for.',
  ),
  paymentElectionTitle: text(page.paymentElectionTitle, 'How Would You Like to Be Paid?'),
  paymentElectionIntro: text(
    page.paymentElectionIntro,
    'Choose how you would like to receive your payment.',
  ),
  paymentElectionIntroPayPal: text(
    page.paymentElectionIntroPayPal,
    'Choose how you would like to receive your payment, by PayPal or another way.',
  ),
  noPaymentElectionTitle: text(page.noPaymentElectionTitle, 'No Payment Choice Needed'),
  noPaymentElectionCopy: text(
    page.noPaymentElectionCopy,
    'This claim form does not ask how you would like to be paid. Continue to upload your supporting documents.',
  ),
  supportingDocumentsTitle: text(page.supportingDocumentsTitle, 'Supporting Documents'),
  supportingDocumentsIntro: text(
    page.supportingDocumentsIntro,
    'Upload the documents that support your claim.',
  ),
  repairRecordsTitle: text(page.repairRecordsTitle, 'Transmission Repairs'),
  repairRecordsIntro: text(page.repairRecordsIntro, 'Add one record for each repair you paid for.'),
  claimSummaryTitle: text(page.claimSummaryTitle, 'Review Your Claim'),
  claimSummaryIntro: text(page.claimSummaryIntro, 'Check your answers before you sign and submit.'),
  signatureTitle: text(page.signatureTitle, 'Sign Your Claim'),
  confirmationTitle: text(page.confirmationTitle, 'Thank You'),
  symptoms: text(forms.symptoms, 'Which of these problems did you notice?'),
  otherText: text(forms.pleaseDescribe, 'Please describe'),
  signatureDate: text('LocKey_Field_SignatureDate', 'Date'),
} as const satisfies Record<string, MessageText>;
