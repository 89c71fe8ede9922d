import { formatMessage } from '@claims/core/rules/messages';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findChildClaims, findClaim } from '../support/database';
import { expectStoredDocuments } from '../support/stored-claims';
import { pdfFile, pngFile } from '../support/files';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  addDocument,
  fileStandardClaimAside,
  shownReferenceCode,
} from '../support/journeys';

const session = useBrowser();
let parentCode = '';

/** Opens the DocumentsUpload form for the filed claim and lands on its supporting-documents page. */
async function openDocumentsPage(culture = 'en'): Promise<FormDriver> {
  const { page } = session;
  const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), culture));
  await page.goto(`/documents-upload?culture=${culture}`);
  await form.expectPage(K.documentsUploadLanding);
  await form.type(K.referenceCode, parentCode);
  await form.type(K.lastName, DEMO.standard.lastName);
  await form.advance(K.continue, K.supportingDocuments);
  return form;
}

/** The records the claimant has added, as the manager lists them. */
function addedRecords(form: FormDriver) {
  return form.page.getByRole('button', { name: new RegExp(`^${form.t(K.delete)} `) });
}

describe('the DocumentsUpload form and its multi-record manager', () => {
  beforeAll(async () => {
    parentCode = await fileStandardClaimAside(DEMO.standard);
  });

  it.each([
    ['en', 'lastName'],
    ['es', 'zip'],
  ] as const)(
    'adds documents to a filed claim in %s, identified by %s',
    async (culture, factor) => {
      const { page } = session;
      const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), culture));
      await page.goto(`/documents-upload?culture=${culture}`);
      await form.expectPage(K.documentsUploadLanding);
      await form.type(K.referenceCode, parentCode.toLowerCase().replace(/-/g, ''));
      if (factor === 'lastName') await form.type(K.lastName, DEMO.standard.lastName);
      else await form.type(K.zip, DEMO.standard.zip);
      await form.advance(K.continue, K.supportingDocuments);

      const receipt = pdfFile(`later-receipt-${culture}.pdf`, `Towing receipt ${culture}`);
      await addDocument(form, receipt, 'LocKey_Option_DocRentalOrTowingReceipt');
      await form.advance(K.submit, K.confirmation);
      const referenceCode = await shownReferenceCode(form);

      const parent = findClaim(inject('dataDir'), parentCode);
      const stored = findClaim(inject('dataDir'), referenceCode);
      expect(stored?.claim.form_type).toBe('DocumentsUpload');
      expect(stored?.claim.parent_claim_id).toBe(parent?.claim.id);
      expectStoredDocuments(inject('dataDir'), stored, [receipt]);
      expect(findChildClaims(inject('dataDir'), parent?.claim.id ?? '').length).toBeGreaterThan(0);
    },
  );

  it('lists an uploaded document by its file name', async () => {
    const form = await openDocumentsPage();
    await addDocument(form, pdfFile('odometer-photo-receipt.pdf'));
    await expect(addedRecords(form).count()).resolves.toBe(1);
    await form.page.getByRole('main').getByText('odometer-photo-receipt.pdf').first().waitFor();
  });

  it('opens a new record with Add More and drops it with Cancel', async () => {
    const form = await openDocumentsPage();
    await addDocument(form, pdfFile('first.pdf'));
    await form.button(K.addMore).click();
    await form.select(K.documentType, 'LocKey_Option_DocOther');
    await form.type(K.documentDescription, 'Letter from the dealer');
    await form.button(K.cancel).click();
    await expect(form.field(K.documentType).count()).resolves.toBe(0);
    await expect(addedRecords(form).count()).resolves.toBe(1);
    await expect(form.button(K.addMore).isVisible()).resolves.toBe(true);
  });

  it('deletes an uploaded document', async () => {
    const form = await openDocumentsPage();
    await addDocument(form, pdfFile('keep.pdf'));
    await form.button(K.addMore).click();
    await addDocument(form, pngFile('remove-me.png'), 'LocKey_Option_DocProofOfOwnership');
    await expect(addedRecords(form).count()).resolves.toBe(2);
    // A record is named by its first shown value, the document type.
    await form.page
      .getByRole('button', {
        name: `${form.t(K.delete)} ${form.t('LocKey_Option_DocProofOfOwnership')}`,
      })
      .click();
    await expect.poll(() => addedRecords(form).count()).toBe(1);
    await expect(form.page.getByRole('main').getByText('remove-me.png').count()).resolves.toBe(0);
  });

  it('refuses a second document with the same file name in the alert', async () => {
    const form = await openDocumentsPage();
    await addDocument(form, pdfFile('invoice.pdf'));
    await form.button(K.addMore).click();
    await addDocument(form, pdfFile('invoice.pdf', 'another invoice'));
    const alert = form.page.getByRole('dialog');
    await alert
      .getByText(formatMessage(form.t('LocKey_Records_FileExists'), { name: 'invoice.pdf' }))
      .waitFor();
    await alert.getByRole('button', { name: form.t('LocKey_Button_Ok') }).click();
    await alert.waitFor({ state: 'hidden' });
    await expect(addedRecords(form).count()).resolves.toBe(1);
  });

  it('refuses to submit while a record is open and unsaved', async () => {
    const form = await openDocumentsPage();
    await addDocument(form, pdfFile('saved.pdf'));
    await form.button(K.addMore).click();
    await form.select(K.documentType, 'LocKey_Option_DocRepairInvoice');
    await form.button(K.submit).click();
    await form.page
      .getByRole('main')
      .getByText(
        // The message names the draft's own buttons.
        formatMessage(form.t('LocKey_Records_UnsavedDraft'), {
          save: form.t(K.upload),
          cancel: form.t(K.cancel),
        }),
      )
      .first()
      .waitFor();
    expect(new URL(form.page.url()).pathname).toBe('/documents-upload/supporting-documents');
  });

  it('refuses to upload a record without its file', async () => {
    const form = await openDocumentsPage();
    await form.select(K.documentType, 'LocKey_Option_DocRepairInvoice');
    await form.button(K.upload).click();
    await expect.poll(() => form.fieldError(K.document)).toBe(form.t('LocKey_Validation_Required'));
    await expect(addedRecords(form).count()).resolves.toBe(0);
  });

  it('keeps the chosen file in a file input the claimant clears, and says so', async () => {
    const form = await openDocumentsPage();
    await form.select(K.documentType, 'LocKey_Option_DocRepairInvoice');
    await form.attach(K.document, pdfFile('kept.pdf'));
    await form.field(K.document).setInputFiles([]);
    await expect
      .poll(() =>
        form.field(K.document).evaluate((input) => (input as HTMLInputElement).files?.[0]?.name),
      )
      .toBe('kept.pdf');
    const kept = form.textOr(
      'LocKey_Forms_FileKept',
      'The file you chose is still attached: a file cannot be removed here. To use another file, choose it instead.',
    );
    await form.page.getByRole('main').getByText(kept).waitFor();
    await form.button(K.upload).click();
    await form.page.getByRole('main').getByText('kept.pdf').first().waitFor();
    await expect(addedRecords(form).count()).resolves.toBe(1);
  });
});
