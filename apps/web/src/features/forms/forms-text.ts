import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import type { MessageText } from '@claims/core/rules/messages';

const { button, shared, records, page, lookup, forms } = UI_CONTENT_KEYS;

function text(key: string, english: string): MessageText {
  return { key, text: english };
}

/**
 * The texts the form pages show besides field labels and validation messages: the content key
 * of each, with its English text for a culture whose content lacks the key.
 */
export const FORMS_TEXT = {
  next: text(button.next, 'Next'),
  back: text(button.back, 'Back'),
  submit: text(button.submit, 'Submit'),
  addMore: text(button.addMore, 'Add More'),
  upload: text(button.upload, 'Upload'),
  cancel: text(button.cancel, 'Cancel'),
  delete: text(button.delete, 'Delete'),
  edit: text(button.edit, 'Edit'),
  lookup: text(button.lookup, 'Look Up'),
  returnHome: text(button.returnHome, 'Return to the Home Page'),
  yes: text('LocKey_Shared_Yes', 'Yes'),
  no: text('LocKey_Shared_No', 'No'),
  record: text('LocKey_Shared_Record', 'record'),
  notProvided: text(shared.notProvided, 'Not provided'),
  selectPlaceholder: text(shared.selectPlaceholder, 'Select one'),
  datePlaceholder: text(shared.datePlaceholder, 'mm/dd/yyyy'),
  fileExists: text(
    records.fileExists,
    'A document named “{name}” has already been added. Please choose a different file.',
  ),
  documentationRequired: text(
    records.documentationRequired,
    'Please upload at least one supporting document.',
  ),
  /** {save} and {cancel}: the labels of the buttons that keep and drop the record. */
  unsavedDraft: text(
    records.unsavedDraft,
    'You have a record that is not saved yet. Press “{save}” to keep it or “{cancel}” to remove it.',
  ),
  minimumRecords: text(records.minimumRecords, 'Please add at least {min} record(s).'),
  noRecords: text(records.noRecords, 'Nothing has been added yet.'),
  lookupTitle: text(lookup.title, 'Is My Vehicle Included?'),
  lookupIntro: text(
    lookup.intro,
    'Enter your vehicle identification number (VIN) to find out whether your vehicle is included.',
  ),
  lookupEligible: text(
    lookup.eligible,
    'Your {year} {make} {model} is eligible for this settlement.',
  ),
  lookupNotEligible: text(lookup.notEligible, 'This vehicle is not eligible for this settlement.'),
  fileClaimForVehicle: text(lookup.fileClaim, 'File a claim for this vehicle'),
  confirmationCopy: text(
    page.confirmationCopy,
    'We have received your submission. Your reference code is <strong>{referenceCode}</strong>.',
  ),
  errorSummaryTitle: text(forms.errorSummaryTitle, 'Please correct the following:'),
  chooseDate: text(forms.chooseDate, 'Choose date'),
  selectedFile: text(forms.selectedFile, 'Selected file:'),
  fileKept: text(
    'LocKey_Forms_FileKept',
    'The file you chose is still attached: a file cannot be removed here. To use another file, choose it instead.',
  ),
  oneFileOnly: text(forms.oneFileOnly, 'Choose one file at a time.'),
  referenceCode: text(forms.referenceCode, 'Your reference code'),
  copyCode: text(forms.copyReferenceCode, 'Copy reference code'),
  copied: text(forms.copied, 'Copied'),
  print: text(forms.print, 'Print or save as PDF'),
  savedRecords: text(forms.savedRecords, 'Added so far'),
  newRecord: text(forms.newRecord, 'New record'),
  addRow: text(forms.addRow, 'Add a repair'),
  row: text(forms.row, 'Row {number}'),
  saveRow: text(forms.saveRow, 'Save Repair'),
  stepOf: text(forms.stepOf, 'Step {number} of {count}'),
  returnToReview: text(forms.returnToReview, 'Return to Review'),
  payPalVerify: text(forms.payPalVerify, 'Log in with PayPal to confirm your account'),
  payPalVerifyCopy: text(
    'LocKey_Forms_PayPal_Copy',
    'To be paid by PayPal, log in to PayPal so we can confirm the email address of your account.',
  ),
  payPalInvalid: text(
    'LocKey_Forms_PayPal_Invalid',
    'We could not confirm that the PayPal email address belongs to the account you logged in to. Please log in to PayPal again or choose another payment method.',
  ),
  payPalChange: text(forms.payPalChange, 'Change your payment method'),
  captchaHCaptcha: text(
    'LocKey_Forms_Captcha_HCaptcha',
    'This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.',
  ),
  captchaGoogle: text(
    'LocKey_Forms_Captcha_Google',
    'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
  ),
  captchaAltcha: text(
    'LocKey_Forms_Captcha_Altcha',
    'Your browser solves a short puzzle when you continue, to show that a person is filing.',
  ),
} as const satisfies Record<string, MessageText>;
