import { formatMessage } from '@claims/core/rules/messages';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import { FormDriver, labelPattern } from '../support/form-driver';
import {
  DEMO,
  K,
  SAMPLE_FILES,
  addDocument,
  authorizeStandard,
  fillContactDetails,
  fillVehicleHistory,
  followInApp,
  repairRow,
  shownReferenceCode,
  signAndSubmit,
} from '../support/journeys';
import { PHONE, headingStep, phoneLayoutProblems } from '../support/phone';
import { modelsOf } from '../support/stored-claims';

// The four forms on a phone (390 x 844, touch, device scale 3), in one visit: every page fits
// the screen without scrolling sideways, every control in it is at least 44 x 44 CSS px, axe
// finds nothing, and the heading tells which step of the claim the page is.
const session = useBrowser({ sharedContext: true, contextOptions: PHONE });
let form: FormDriver;
/** The claim the Standard test files; the upload of documents opens it. */
let referenceCode = '';

/** Karen Sánchez of the demo class list (cases/demo/README.md). */
const MEMBER = {
  noticeId: 'NW50307212',
  pin: '594678',
  fullName: 'Karen W Sánchez',
  lastName: 'Sánchez',
};

const REPAIR = {
  [K.repairDate]: '05/20/2022',
  [K.repairAmount]: '1200.00',
  [K.repairShop]: 'Northwind of Tucson',
  [K.invoiceNumber]: 'INV-30511',
};

function step(number: number, count: number): string {
  return formatMessage(form.t('LocKey_Forms_StepOf'), {
    number: String(number),
    count: String(count),
  });
}

/** The page's step (or none), its fit on the phone, and axe. */
async function checkPage(where: string, expectedStep: string): Promise<void> {
  expect(await headingStep(form.page), `${where}: step`).toBe(expectedStep);
  expect(await phoneLayoutProblems(form.page), `${where}: layout`).toEqual({
    overflow: 0,
    pastTheEdge: [],
    smallTargets: [],
  });
  await expectNoAxeViolations(form.page, `${where} at 390 x 844`);
}

async function openPage(path: string, titleKey: string): Promise<void> {
  await followInApp(form.page, path);
  await form.expectPage(titleKey);
}

describe('the claim forms on a phone', () => {
  it('files a Standard claim with a repair saved on the phone', { timeout: 240_000 }, async () => {
    form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), 'en'));
    await form.page.goto('/standard?culture=en');
    await form.expectPage(K.standardLanding);
    await checkPage('standard landing', '');
    await authorizeStandard(form, MEMBER.noticeId, MEMBER.pin);
    await checkPage('standard claimant-info', step(1, 5));
    await fillContactDetails(form, 'karen.sanchez.phone@example.com');
    await form.advance(K.next, K.claimDetails);
    await checkPage('standard claim-details', step(2, 5));

    // A correction, then one press on the next control: the message the correction clears
    // (when the date field loses the focus on that press) keeps its space, so the radio button
    // does not move between press and release.
    await form.pressExpectingErrors(K.next);
    const acquired = form.field(K.acquisitionDate);
    await acquired.click();
    await acquired.pressSequentially('03/15/2019');
    const stillOwn = form
      .radioGroup(K.stillOwn)
      .getByRole('radio', { name: form.t('LocKey_Option_Yes'), exact: true });
    await stillOwn.click();
    expect(await stillOwn.isChecked()).toBe(true);
    expect(await form.fieldError(K.acquisitionDate)).toBe('');

    await fillVehicleHistory(form, true);
    // The row is filled field by field and kept with its own Save button.
    const row = repairRow(form, 0);
    for (const [key, value] of Object.entries(REPAIR)) {
      const input = row.getByLabel(labelPattern(form.t(key)));
      await input.click();
      await input.pressSequentially(value);
    }
    const rowName = formatMessage(form.t('LocKey_Forms_Row'), { number: '1' });
    await row
      .getByRole('button', { name: `${form.t('LocKey_Forms_SaveRow')} ${rowName}`, exact: true })
      .click();
    await row
      .getByRole('button', { name: `${form.t(K.delete)} ${rowName}`, exact: true })
      .waitFor();
    await checkPage('standard claim-details with a saved repair', step(2, 5));
    await form.advance(K.next, K.paymentElection);
    await checkPage('standard payment-election', step(3, 5));
    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
    await form.advance(K.next, K.supportingDocuments);
    await checkPage('standard supporting-documents', step(4, 5));
    await addDocument(form, SAMPLE_FILES.invoice());
    await form.advance(K.next, K.claimSummary);
    await checkPage('standard claim-summary', step(5, 5));

    // An Edit link of the summary, and back to the summary from the page it opened.
    const edit = `${form.t('LocKey_Button_Edit')} ${form.t(K.claimDetails)}`;
    await form.page.getByRole('button', { name: edit, exact: true }).click();
    await form.expectPage(K.claimDetails);
    await form.advance('LocKey_Forms_ReturnToReview', K.claimSummary);

    await signAndSubmit(form, MEMBER.fullName);
    await checkPage('standard confirmation', '');
    referenceCode = await shownReferenceCode(form);
    const repairs = modelsOf(findClaim(inject('dataDir'), referenceCode)).claimTransactions;
    expect(repairs.map((repair) => repair.fields)).toEqual([
      expect.objectContaining({
        repairDate: '05/20/2022',
        repairShopName: 'Northwind of Tucson',
        invoiceNumber: 'INV-30511',
      }),
    ]);
  });

  it('numbers the Automotive steps without its payment election, in Spanish', async () => {
    form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), 'es'));
    await form.page.goto('/?culture=es');
    await form.expectPage(K.automotiveLanding);
    await checkPage('automotive landing', '');
    await form.type(K.vin, DEMO.automotiveVins[2]);
    await form.advance(K.startClaim, K.claimantInfo);
    await checkPage('automotive claimant-info', step(1, 4));
    await openPage('/automotive/claim-details?culture=es', K.claimDetails);
    await checkPage('automotive claim-details', step(2, 4));
    // Its payment-election address is outside the order: a page of no step.
    await openPage('/automotive/payment-election?culture=es', K.noPaymentElection);
    await checkPage('automotive payment-election', '');
    await openPage('/automotive/supporting-documents?culture=es', K.supportingDocuments);
    await checkPage('automotive supporting-documents', step(3, 4));
    await openPage('/automotive/claim-summary?culture=es', K.claimSummary);
    await checkPage('automotive claim-summary', step(4, 4));
  });

  it('fits the upload of documents and Lookup on the phone', async () => {
    form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), 'en'));
    expect(referenceCode, 'the Standard claim was filed').not.toBe('');
    await form.page.goto('/documents-upload?culture=en');
    await form.expectPage(K.documentsUploadLanding);
    await checkPage('documents-upload landing', '');
    await form.type(K.referenceCode, referenceCode);
    await form.type(K.lastName, MEMBER.lastName);
    await form.advance(K.continue, K.supportingDocuments);
    await checkPage('documents-upload supporting-documents', step(1, 1));

    await form.page.goto('/lookup?culture=en');
    await form.expectPage(K.lookupTitle);
    await checkPage('lookup', '');
    await form.type(K.vin, DEMO.eligibleVin);
    await form.button(K.lookup).click();
    // The answer's wording is the lookup tests' concern; here only its layout.
    await form.page.getByRole('main').locator('.alert').first().waitFor();
    await checkPage('lookup with a result', '');
  });
});
