import type { MessageText } from '@claims/core/rules/messages';

function text(key: string, english: string): MessageText {
  return { key, text: english };
}

/** The texts of a claim's upload: its progress, its cancelling and why it failed. */
export const UPLOAD_TEXT = {
  label: text('LocKey_Forms_Upload_Label', 'Sending your claim and documents'),
  sent: text('LocKey_Forms_Upload_Sent', '{loaded} of {total} sent ({percent}%)'),
  announced: text('LocKey_Forms_Upload_Announced', '{percent}% of your documents sent'),
  cancel: text('LocKey_Forms_Upload_Cancel', 'Cancel upload'),
  cancelled: text(
    'LocKey_Forms_Upload_Cancelled',
    'The upload was cancelled. Your answers and documents are kept: press Submit to send them again.',
  ),
  failed: text(
    'LocKey_Forms_Upload_Failed',
    'The upload failed because the connection to the server was lost. Your answers and documents are kept: check your connection and press Submit to try again.',
  ),
} as const;
