import { formatMessage } from '@claims/core/rules/messages';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { pdfFile } from '../support/files';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  SAMPLE_FILES,
  addDocument,
  fillContactDetails,
  fillVehicleHistory,
  openDocumentsUpload,
  shownReferenceCode,
  startAutomotiveClaim,
} from '../support/journeys';
import { navigateInApp } from '../support/shell-pages';

// One visit through the Automotive form after its vehicle page, then one through the
// DocumentsUpload form for the claim it filed: each test is one page, in order, and leaves the
// claimant on the next page. On each page: the empty state passes axe; bad input shows the
// field's error and the page passes axe with its errors; the filled page passes axe. The
// Standard pages, the landing pages and the Automotive vehicle page are audited in
// standard-pages.test.ts and landing-pages-axe.test.ts.
const session = useBrowser({ sharedContext: true });
let form: FormDriver;
let automotiveCode = '';

const V = {
  required: 'LocKey_Validation_Required',
  requiredIf: 'LocKey_Validation_RequiredIf',
  restricted: 'LocKey_Validation_RestrictedCharacters',
} as const;

const CLAIMANT = { firstName: 'Ana', lastName: 'Ruiz', fullName: 'Ana Ruiz' } as const;

async function axe(state: string): Promise<void> {
  await expectNoAxeViolations(form.page, `${new URL(form.page.url()).pathname} ${state}`);
}

/** Expects the restricted-characters error naming each of the characters. */
async function expectRestricted(labelKey: string, characters: readonly string[]): Promise<void> {
  const error = await form.fieldError(labelKey);
  expect(error.startsWith(form.t(V.restricted))).toBe(true);
  for (const character of characters) expect(error).toContain(character);
}

/** Waits until the records manager shows its error for a page without a saved document. */
async function expectDocumentationRequired(): Promise<void> {
  await form.page
    .getByRole('main')
    .getByText(form.t('LocKey_Records_DocumentationRequired'))
    .first()
    .waitFor();
}

/** Presses Upload on a record of type Other with neither its description nor its file. */
async function uploadIncompleteRecord(): Promise<void> {
  await form.select(K.documentType, 'LocKey_Option_DocOther');
  await form.button(K.upload).click();
  await expect.poll(() => form.fieldError(K.document)).toBe(form.t(V.required));
  expect(await form.fieldError(K.documentDescription)).toBe(form.t(V.requiredIf));
}

describe('the pages of the Automotive form after its vehicle page', () => {
  it('claimant-info: refuses missing fields, restricted characters, a short ZIP, an incomplete phone and mismatched confirmations', async () => {
    form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), 'en'));
    await startAutomotiveClaim(form, DEMO.automotiveVins[2]);
    await axe('empty');

    await form.pressExpectingErrors(K.next);
    for (const key of [K.firstName, K.lastName, K.street1, K.city, K.email, K.confirmEmail]) {
      expect(await form.fieldError(key), key).toBe(form.t(V.required));
    }
    expect(await form.fieldError(K.state)).toBe(form.t(V.requiredIf));
    expect(await form.fieldError(K.zip)).toBe(form.t(V.requiredIf));
    await axe('with required errors');

    await form.type(K.firstName, 'A<n>a');
    await form.type(K.street1, '12 Elm Street {rear}');
    await form.type(K.zip, '9720');
    await form.type(K.email, 'ana.ruiz@example');
    await form.type(K.confirmEmail, 'ana@example.com');
    await form.type(K.phone, '503555');
    await form.type(K.confirmPhone, '5035550148');
    await form.pressExpectingErrors(K.next);
    await expectRestricted(K.firstName, ['<', '>']);
    await expectRestricted(K.street1, ['{', '}']);
    expect(await form.fieldError(K.zip)).toBe(form.t('LocKey_Validation_ZipCode_Format'));
    expect(await form.fieldError(K.email)).toBe(form.t('LocKey_Validation_Email'));
    expect(await form.fieldError(K.confirmEmail)).toBe(form.t('LocKey_Validation_EmailMismatch'));
    expect(await form.fieldError(K.phone)).toBe(form.t('LocKey_Validation_Phone_Format'));
    expect(await form.fieldError(K.confirmPhone)).toBe(form.t('LocKey_Validation_PhoneMismatch'));
    await axe('with format errors');

    await form.type(K.firstName, CLAIMANT.firstName);
    await form.type(K.lastName, CLAIMANT.lastName);
    await form.type(K.street1, '12 Elm Street, Rear');
    await form.type(K.city, 'Portland');
    await form.selectValue(K.state, 'OR');
    await form.type(K.zip, '97201a12345');
    await expect(form.field(K.zip).inputValue()).resolves.toBe('97201-1234');
    await fillContactDetails(form, 'ana.ruiz@example.com');
    await axe('filled');
    await form.advance(K.next, K.claimDetails);
  });

  it('claim-details: refuses a malformed model year and a mileage out of range', async () => {
    await form.type(K.vehicleYear, '1899');
    await form.type('LocKey_Field_CurrentMileage', '1000000');
    await form.pressExpectingErrors(K.next);
    expect(await form.fieldError(K.vehicleYear)).toBe(form.t('LocKey_Validation_Year_Format'));
    expect(await form.fieldError('LocKey_Field_CurrentMileage')).toBe(
      formatMessage(form.t('LocKey_Validation_Number_Between'), { min: '0', max: '999999' }),
    );

    await form.type(K.vehicleYear, '2020');
    await form.type('LocKey_Field_CurrentMileage', '48200');
    await fillVehicleHistory(form, false);
    await form.advance(K.next, K.supportingDocuments);
  });

  it('payment-election: passes axe where it says the form has no payment election', async () => {
    const search = new URL(form.page.url()).search;
    await navigateInApp(
      form.page,
      `/automotive/payment-election${search}`,
      form.t(K.noPaymentElection),
    );
    await axe('without an election');
    await form.page
      .getByRole('main')
      .getByRole('link', { name: form.t(K.continue), exact: true })
      .click();
    await form.expectPage(K.supportingDocuments);
  });

  it('supporting-documents: needs one document and refuses a record without its file', async () => {
    await axe('empty');
    await form.pressExpectingErrors(K.next);
    await expectDocumentationRequired();
    await uploadIncompleteRecord();
    await form.type(K.documentDescription, 'Letter from the dealer [signed]');
    await expectRestricted(K.documentDescription, ['[', ']']);
    await axe('with errors');

    await form.button(K.cancel).click();
    await form.button(K.addMore).click();
    await addDocument(form, SAMPLE_FILES.title(), 'LocKey_Option_DocProofOfOwnership');
    await form.page.getByRole('main').getByText('vehicle-title.png').first().waitFor();
    await axe('filled');
    await form.advance(K.next, K.claimSummary);
  });

  it('claim-summary: needs the signature and the attestation before submitting', async () => {
    await axe('empty');
    await form.pressExpectingErrors(K.submit);
    expect(await form.fieldError(K.signature)).toBe(form.t(V.required));
    expect(await form.fieldError(K.attestation)).toBe(form.t(V.required));
    await form.type(K.signature, 'Ana Ruiz ~');
    await expectRestricted(K.signature, ['~']);
    await axe('with errors');

    await form.type(K.signature, CLAIMANT.fullName);
    await form.check(K.attestation);
    await axe('filled');
    await form.advance(K.submit, K.confirmation);
  });

  it('confirmation: passes axe with the reference code', async () => {
    automotiveCode = await shownReferenceCode(form);
    await axe('with the reference code');
  });
});

describe('the pages of the DocumentsUpload form after its landing page', () => {
  it('supporting-documents: needs one document and refuses a record without its file', async () => {
    await openDocumentsUpload(form, automotiveCode, CLAIMANT.lastName);
    await axe('empty');
    await form.pressExpectingErrors(K.submit);
    await expectDocumentationRequired();
    await uploadIncompleteRecord();
    await axe('with errors');

    await form.select(K.documentType, 'LocKey_Option_DocRentalOrTowingReceipt');
    await form.attach(K.document, pdfFile('towing-receipt.pdf', 'Towing receipt 3301'));
    await form.button(K.upload).click();
    await form.page.getByRole('main').getByText('towing-receipt.pdf').first().waitFor();
    await axe('filled');
    await form.advance(K.submit, K.confirmation);
  });

  it('confirmation: passes axe with the reference code', async () => {
    expect(await shownReferenceCode(form)).not.toBe(automotiveCode);
    await axe('with the reference code');
  });
});
