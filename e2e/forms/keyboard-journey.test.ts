import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import type { UploadFile } from '../support/files';
import { expectStoredDocuments, modelsOf } from '../support/stored-claims';
import { KeyboardDriver } from '../support/keyboard-driver';
import { K, SAMPLE_FILES, shownReferenceCode } from '../support/journeys';

const session = useBrowser();

interface Member {
  readonly noticeId: string;
  readonly pin: string;
  readonly fullName: string;
  readonly vin: string;
}

/**
 * Demo class members no other browser test signs in as (cases/demo/class-list.csv): a journey
 * that stops half-way keeps a draft, which would open another test's sign-in on its page.
 */
const FILER: Member = {
  noticeId: 'NW40447910',
  pin: '178759',
  fullName: 'Alejandro D Thomas',
  vin: '1NWASX2F2LT333728',
};

const RETURNER: Member = {
  noticeId: 'NW26770562',
  pin: '109322',
  fullName: 'Donald J Tran',
  vin: '1NWVRB2F1KG172764',
};

async function signIn(form: KeyboardDriver, member: Member, landsOn: string): Promise<void> {
  await form.page.goto('/standard?culture=en');
  await form.expectPage(K.standardLanding);
  await form.type(K.noticeId, member.noticeId);
  await form.type(K.pin, member.pin);
  await form.advance(K.startClaim, landsOn);
}

async function fillContactDetails(form: KeyboardDriver, email: string): Promise<void> {
  await form.type(K.email, email);
  await form.type(K.confirmEmail, email);
  await form.type(K.phone, '2135550199');
  await form.type(K.confirmPhone, '2135550199');
  await form.advance(K.next, K.claimDetails);
}

async function fillClaimDetails(form: KeyboardDriver, vin: string): Promise<void> {
  await form.type(K.vin, vin);
  await form.choose(K.ownership, 'LocKey_Option_Leased');
  // The date is typed, then moved a day on in the calendar with the arrow keys.
  await form.type(K.acquisitionDate, '07/03/2020');
  await form.pickDate(K.acquisitionDate, ['ArrowRight']);
  await expect(form.field(K.acquisitionDate).inputValue()).resolves.toBe('07/04/2020');
  await form.choose(K.stillOwn, 'LocKey_Option_Yes');
  await form.choose(K.acquiredFrom, 'LocKey_Option_AcquiredFromOtherDealer');
  await form.check(K.symptomNone);
  await form.choose(K.hadRepairs, 'LocKey_Option_No');
}

/** From the claim details on to the confirmation; answers the document and reference code. */
async function finishClaim(
  form: KeyboardDriver,
  fullName: string,
): Promise<{ title: UploadFile; referenceCode: string }> {
  await form.advance(K.next, K.paymentElection);
  await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
  await form.advance(K.next, K.supportingDocuments);

  await form.select(K.documentType, 'LocKey_Option_DocProofOfOwnership');
  const title = SAMPLE_FILES.title();
  await form.attach(K.document, title);
  await form.pressButton(K.upload);
  await form.advance(K.next, K.claimSummary);

  await form.type(K.signature, fullName);
  await form.check(K.attestation);
  await form.advance(K.submit, K.confirmation);
  return { title, referenceCode: await shownReferenceCode(form) };
}

function expectStoredClaim(
  claim: { title: UploadFile; referenceCode: string },
  member: Member,
  email: string,
): void {
  const stored = findClaim(inject('dataDir'), claim.referenceCode);
  expect(stored?.claim.form_type).toBe('Standard');
  const models = modelsOf(stored);
  expect(models.claimantInfo?.fields).toMatchObject({
    emailAddress: email,
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
  expectStoredDocuments(inject('dataDir'), stored, [claim.title]);
}

describe('the Standard journey with the keyboard alone', () => {
  it('files a Standard claim without the mouse', async () => {
    const { page } = session;
    const form = new KeyboardDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    const member = FILER;
    await signIn(form, member, K.claimantInfo);
    await fillContactDetails(form, 'keyboard.user@example.com');
    await fillClaimDetails(form, member.vin);
    const claim = await finishClaim(form, member.fullName);
    expectStoredClaim(claim, member, 'keyboard.user@example.com');
  });

  it('saves to finish later and resumes at the page left, without the mouse', async () => {
    const { page, browser } = session;
    const texts = await cultureTexts(inject('baseUrl'), 'en');
    const form = new KeyboardDriver(page, texts);
    await signIn(form, RETURNER, K.claimantInfo);
    await fillContactDetails(form, 'donald.return@example.com');
    await fillClaimDetails(form, RETURNER.vin);

    // The disclosure keeps the focus on its toggle, and its panel comes next in the tab order.
    const toggle = page.getByRole('button', {
      name: form.t('LocKey_Drafts_SaveAndFinishLater'),
      exact: true,
    });
    await form.tabTo(toggle);
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(form.hasFocus(toggle)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(form.hasFocus(page.getByLabel(form.t('LocKey_Drafts_EmailLabel')))).resolves.toBe(
      true,
    );

    // Closed from the keyboard, the panel gives the focus back to its toggle.
    await form.pressButton('LocKey_Drafts_Cancel');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(form.hasFocus(toggle)).resolves.toBe(true);
    await page.keyboard.press('Enter');

    // The outcome is written into a live region that was on the page before it.
    const announcer = toggle.locator('..').getByRole('status');
    await expect(announcer.innerText()).resolves.toBe('');
    const save = form.button('LocKey_Drafts_Save');
    await form.pressButton('LocKey_Drafts_Save');
    const [savedUntil = ''] = form.t('LocKey_Drafts_Saved').split('{expires}');
    await announcer.filter({ hasText: savedUntil.trim() }).waitFor();
    await expect(form.hasFocus(save)).resolves.toBe(true);

    // Another browser: nothing but the credentials carries over.
    const later = await browser.newContext({ baseURL: inject('baseUrl') });
    try {
      const laterForm = new KeyboardDriver(await later.newPage(), texts);
      await signIn(laterForm, RETURNER, K.claimDetails);
      await expect
        .poll(() => laterForm.hasFocus(laterForm.heading()), { timeout: 5_000 })
        .toBe(true);
      await expect(laterForm.field(K.vin).inputValue()).resolves.toBe(RETURNER.vin);
      await expect(laterForm.field(K.acquisitionDate).inputValue()).resolves.toBe('07/04/2020');
      const leased = laterForm
        .radioGroup(K.ownership)
        .getByRole('radio', { name: laterForm.t('LocKey_Option_Leased'), exact: true });
      await expect(leased.isChecked()).resolves.toBe(true);
      const claim = await finishClaim(laterForm, RETURNER.fullName);
      expectStoredClaim(claim, RETURNER, 'donald.return@example.com');
    } finally {
      await later.close();
    }
  });
});
