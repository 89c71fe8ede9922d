import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import { KeyboardDriver } from '../support/keyboard-driver';
import { DEMO, K, SAMPLE_FILES, shownReferenceCode } from '../support/journeys';

const session = useBrowser();

describe('the Standard journey with the keyboard alone', () => {
  it('files a Standard claim without the mouse', async () => {
    const { page } = session;
    const form = new KeyboardDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    const member = DEMO.standard;
    await page.goto('/standard');
    await form.expectPage(K.standardLanding);
    await form.type(K.noticeId, member.noticeId);
    await form.type(K.pin, member.pin);
    await form.advance(K.startClaim, K.claimantInfo);

    await form.type(K.email, 'keyboard.user@example.com');
    await form.type(K.confirmEmail, 'keyboard.user@example.com');
    await form.type(K.phone, '2135550199');
    await form.type(K.confirmPhone, '2135550199');
    await form.advance(K.next, K.claimDetails);

    await form.type(K.vin, member.vin);
    await form.choose(K.ownership, 'LocKey_Option_Leased');
    await form.type(K.acquisitionDate, '07/04/2020');
    await form.choose(K.stillOwn, 'LocKey_Option_Yes');
    await form.choose(K.acquiredFrom, 'LocKey_Option_AcquiredFromOtherDealer');
    await form.check(K.symptomNone);
    await form.choose(K.hadRepairs, 'LocKey_Option_No');
    await form.advance(K.next, K.paymentElection);

    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
    await form.advance(K.next, K.supportingDocuments);

    await form.select(K.documentType, 'LocKey_Option_DocProofOfOwnership');
    await form.attach(K.document, SAMPLE_FILES.title());
    await form.pressButton(K.upload);
    await form.advance(K.next, K.claimSummary);

    await form.type(K.signature, member.fullName);
    await form.check(K.attestation);
    await form.advance(K.submit, K.confirmation);
    const referenceCode = await shownReferenceCode(form);

    const stored = findClaim(inject('dataDir'), referenceCode);
    expect(stored?.claim.form_type).toBe('Standard');
    expect(stored?.documents.map((document) => document.original_name)).toEqual([
      'vehicle-title.png',
    ]);
  });
});
