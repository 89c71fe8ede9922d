import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  SAMPLE_FILES,
  addDocument,
  authorizeStandard,
  fillContactDetails,
  fillRepairRow,
  fillVehicleHistory,
  repairRow,
  shownReferenceCode,
  signAndSubmit,
} from '../support/journeys';
import { expectStoredDocuments, modelsOf } from '../support/stored-claims';

const session = useBrowser();

describe('the Standard journey', () => {
  // In English the claimant enters a repair, then answers that there were no repairs: the
  // repair stays out of the summary and of the claim. In Spanish the repair is filed.
  it.each(['en', 'es'])('files a Standard claim from start to finish in %s', async (culture) => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), culture));
    const keepsRepairs = culture === 'es';
    await page.goto(`/standard?culture=${culture}`);
    await form.expectPage(K.standardLanding);
    const member = culture === 'en' ? DEMO.standard : DEMO.standardSecond;
    await authorizeStandard(form, member.noticeId, member.pin);
    // The pages of the Standard form check axe empty (standard-pages); here, prepopulated.
    await expectNoAxeViolations(page, `claimant-info prepopulated in ${culture}`);

    const email = `claimant.${culture}@example.com`;
    await fillContactDetails(form, email);
    await form.advance(K.next, K.claimDetails);

    await form.type(K.vin, member.vin);
    await fillVehicleHistory(form, true);
    await fillRepairRow(form, repairRow(form, 0));
    if (!keepsRepairs) {
      await form.choose(K.hadRepairs, 'LocKey_Option_No');
      await expect(repairRow(form, 0).count()).resolves.toBe(0);
      // Answering Yes again brings the repair back; the claimant then settles on No.
      await form.choose(K.hadRepairs, 'LocKey_Option_Yes');
      await expect(
        repairRow(form, 0)
          .getByRole('textbox', { name: form.t(K.repairShop) })
          .inputValue(),
      ).resolves.toBe('Northwind of Pasadena');
      await form.choose(K.hadRepairs, 'LocKey_Option_No');
    }
    await form.advance(K.next, K.paymentElection);

    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
    await form.advance(K.next, K.supportingDocuments);

    const invoice = SAMPLE_FILES.invoice();
    await addDocument(form, invoice);
    await form.advance(K.next, K.claimSummary);
    const repairsSummary = page
      .getByRole('main')
      .getByRole('region', { name: form.t('LocKey_Page_RepairRecords_Title') });
    await expect(repairsSummary.count()).resolves.toBe(keepsRepairs ? 1 : 0);

    await signAndSubmit(form, member.fullName);
    const referenceCode = await shownReferenceCode(form);

    const stored = findClaim(inject('dataDir'), referenceCode);
    expect(stored?.claim.form_type).toBe('Standard');
    expect(stored?.claim.culture).toBe(culture);
    const models = modelsOf(stored);
    expect(models.claimantInfo?.fields).toMatchObject({
      firstName: member.fullName.split(' ')[0],
      lastName: member.lastName,
      emailAddress: email,
      phoneNumber: '(213) 555-0147',
    });
    expect(models.claimDetails?.fields).toMatchObject({
      vin: member.vin,
      ownershipType: 'Owned',
      acquisitionDate: '03/15/2019',
      hadRepairs: keepsRepairs ? 'Yes' : 'No',
      paymentMethod: 'Check',
    });
    const repairs = models.claimTransactions.map((row) => row.fields);
    expect(repairs).toEqual(
      keepsRepairs
        ? [
            expect.objectContaining({
              claimTransactionId: models.claimTransactions[0]?.clientId,
              repairDate: '05/20/2022',
              repairAmount: '1,200.00',
              repairShopName: 'Northwind of Pasadena',
              invoiceNumber: 'INV-20417',
            }),
          ]
        : [],
    );
    expect(models.signature?.fields).toMatchObject({
      signatureFullName: member.fullName,
      attestation: true,
    });
    expectStoredDocuments(inject('dataDir'), stored, [invoice]);
  });
});
