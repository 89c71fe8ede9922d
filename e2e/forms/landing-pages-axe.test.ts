import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { FormDriver } from '../support/form-driver';
import { DEMO, K, fillContactDetails, fillVehicleHistory } from '../support/journeys';

// The Standard pages are audited in standard-pages.test.ts; these are the pages of the other
// forms that differ from them.
const session = useBrowser();

async function open(path: string, titleKey: string, culture = 'en'): Promise<FormDriver> {
  const form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), culture));
  await session.page.goto(`${path}?culture=${culture}`);
  await form.expectPage(titleKey);
  return form;
}

async function showErrors(form: FormDriver, buttonKey: string): Promise<void> {
  await form.button(buttonKey).click();
  await form.page.locator('[aria-invalid="true"]').first().waitFor();
}

describe('axe on the pages of the Automotive, Lookup and DocumentsUpload forms', () => {
  it('finds no violations on the VIN lookup when empty, with an error and answered', async () => {
    const form = await open('/lookup', K.lookupTitle);
    await expectNoAxeViolations(form.page, 'the lookup, empty');
    await showErrors(form, K.lookup);
    await expectNoAxeViolations(form.page, 'the lookup with an error');
    await form.type(K.vin, DEMO.ineligibleVin);
    await form.button(K.lookup).click();
    await form.page.getByRole('main').getByText(form.t('LocKey_Lookup_NotEligible')).waitFor();
    await expectNoAxeViolations(form.page, 'the lookup, answered');
  });

  it('finds no violations on the Automotive landing page when empty, with an error and filled', async () => {
    const form = await open('/automotive', K.automotiveLanding, 'es');
    await expectNoAxeViolations(form.page, 'the Automotive landing page, empty');
    await showErrors(form, K.startClaim);
    expect(await form.fieldError(K.vin)).toBe(form.t('LocKey_Validation_Required'));
    await form.type(K.vin, '1NWVRS2F5JR16208O');
    await expect.poll(() => form.fieldError(K.vin)).toBe(form.t('LocKey_Validation_Vin_Format'));
    await expectNoAxeViolations(form.page, 'the Automotive landing page with an error');
    await form.type(K.vin, DEMO.automotiveVins[2]);
    await expectNoAxeViolations(form.page, 'the Automotive landing page, filled');
  });

  it('finds no violations on the DocumentsUpload landing page when empty, with errors and filled', async () => {
    const form = await open('/documents-upload', K.documentsUploadLanding);
    await expectNoAxeViolations(form.page, 'the DocumentsUpload landing page, empty');
    await showErrors(form, K.continue);
    expect(await form.fieldError(K.referenceCode)).toBe(form.t('LocKey_Validation_Required'));
    expect(await form.fieldError(K.lastName)).toBe(form.t('LocKey_Validation_LastNameOrZip'));
    await form.type(K.referenceCode, 'ABC-0000-IIII');
    await expect
      .poll(() => form.fieldError(K.referenceCode))
      .toBe(form.t('LocKey_Validation_ReferenceCode_Format'));
    await expectNoAxeViolations(form.page, 'the DocumentsUpload landing page with errors');
    await form.type(K.referenceCode, 'ABC-7K3Q-9XYZ');
    await form.type(K.lastName, 'Williams');
    await expectNoAxeViolations(form.page, 'the DocumentsUpload landing page, filled');
  });

  it('finds no violations on the Automotive vehicle page when prepopulated, with errors and filled', async () => {
    // A vehicle no other browser test signs in with (cases/demo/vehicles.csv): a draft another
    // test left would open the sign-in on a later page.
    const vin = '1NWVRS2F7KR214715';
    const form = await open('/', K.automotiveLanding);
    await form.type(K.vin, vin);
    await form.advance(K.startClaim, K.claimantInfo);
    await form.type(K.firstName, 'Ana');
    await form.type(K.lastName, 'Ruiz');
    await form.type(K.street1, '12 Elm Street');
    await form.type(K.city, 'Portland');
    await form.selectValue(K.state, 'OR');
    await form.type(K.zip, '97201');
    await fillContactDetails(form, 'ana.ruiz@example.com');
    await form.advance(K.next, K.claimDetails);
    await expectNoAxeViolations(form.page, 'the Automotive vehicle page, prepopulated');
    await showErrors(form, K.next);
    await expectNoAxeViolations(form.page, 'the Automotive vehicle page with errors');
    await fillVehicleHistory(form, true);
    await expectNoAxeViolations(form.page, 'the Automotive vehicle page, filled');
  });
});
