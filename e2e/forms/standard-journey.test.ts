import { describe, expect, inject, it } from 'vitest';
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

const session = useBrowser();

describe('the Standard journey', () => {
  it.each(['en', 'es'])('files a Standard claim from start to finish in %s', async (culture) => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), culture));
    await page.goto(`/standard?culture=${culture}`);
    await form.expectPage(K.standardLanding);
    const member = culture === 'en' ? DEMO.standard : DEMO.standardSecond;
    await authorizeStandard(form, member.noticeId, member.pin);

    await fillContactDetails(form, `claimant.${culture}@example.com`);
    await form.advance(K.next, K.claimDetails);

    await form.type(K.vin, member.vin);
    await fillVehicleHistory(form, true);
    await fillRepairRow(form, repairRow(form, 0));
    await form.advance(K.next, K.paymentElection);

    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
    await form.advance(K.next, K.supportingDocuments);

    await addDocument(form, SAMPLE_FILES.invoice());
    await form.advance(K.next, K.claimSummary);

    await signAndSubmit(form, member.fullName);
    const referenceCode = await shownReferenceCode(form);

    const stored = findClaim(inject('dataDir'), referenceCode);
    expect(stored?.claim.form_type).toBe('Standard');
    expect(stored?.claim.culture).toBe(culture);
    expect(stored?.documents.map((document) => document.original_name)).toEqual([
      'repair-invoice.pdf',
    ]);
    expect(stored?.documents[0]?.content_type).toBe('application/pdf');
  });
});
