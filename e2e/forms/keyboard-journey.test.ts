import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import { expectStoredDocuments, modelsOf } from '../support/stored-claims';
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
    // The date is typed, then moved a day on in the calendar with the arrow keys.
    await form.type(K.acquisitionDate, '07/03/2020');
    await form.pickDate(K.acquisitionDate, ['ArrowRight']);
    await expect(form.field(K.acquisitionDate).inputValue()).resolves.toBe('07/04/2020');
    await form.choose(K.stillOwn, 'LocKey_Option_Yes');
    await form.choose(K.acquiredFrom, 'LocKey_Option_AcquiredFromOtherDealer');
    await form.check(K.symptomNone);
    await form.choose(K.hadRepairs, 'LocKey_Option_No');
    await form.advance(K.next, K.paymentElection);

    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
    await form.advance(K.next, K.supportingDocuments);

    await form.select(K.documentType, 'LocKey_Option_DocProofOfOwnership');
    const title = SAMPLE_FILES.title();
    await form.attach(K.document, title);
    await form.pressButton(K.upload);
    await form.advance(K.next, K.claimSummary);

    await form.type(K.signature, member.fullName);
    await form.check(K.attestation);
    await form.advance(K.submit, K.confirmation);
    const referenceCode = await shownReferenceCode(form);

    const stored = findClaim(inject('dataDir'), referenceCode);
    expect(stored?.claim.form_type).toBe('Standard');
    const models = modelsOf(stored);
    expect(models.claimantInfo?.fields).toMatchObject({
      emailAddress: 'keyboard.user@example.com',
      phoneNumber: '(213) 555-0199',
    });
    expect(models.claimDetails?.fields).toMatchObject({
      vin: member.vin,
      ownershipType: 'Leased',
      acquisitionDate: '07/04/2020',
      vehicleAcquiredFrom: 'OtherDealer',
      symptomNone: true,
      hadRepairs: 'No',
      paymentMethod: 'Check',
    });
    expect(models.signature?.fields).toMatchObject({
      signatureFullName: member.fullName,
      attestation: true,
    });
    expectStoredDocuments(inject('dataDir'), stored, [title]);
  });
});
