import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { FormDriver } from '../support/form-driver';
import {
  K,
  authorizeStandard,
  fillContactDetails,
  fillVehicleHistory,
  finishStandardClaim,
  shownReferenceCode,
} from '../support/journeys';

const session = useBrowser();

/** Demo class members no other browser test files a claim for (cases/demo/class-list.csv). */
const RELOADER = {
  noticeId: 'NW93306839',
  pin: '118013',
  fullName: 'Mary I Clark',
  vin: '1NWASL2F6MR318219',
};
const CORRECTOR = {
  noticeId: 'NW72337147',
  pin: '043701',
  fullName: 'Thanh H Green',
  vin: '1NWVRB2FXLT085115',
};
/** Signs in only, in Spanish. */
const SPANISH_READER = { noticeId: 'NW83185505', pin: '470283' };
const RETURNER = {
  noticeId: 'NW76941621',
  pin: '061724',
  fullName: 'Joseph G White',
  vin: '5NWCDB3F5LG046972',
};

/** Waits for the draft the form keeps as the claimant moves between pages. */
function draftKept(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/forms/standard/draft') &&
      response.request().method() === 'PUT' &&
      response.ok(),
  );
}

async function fillTwoPages(form: FormDriver, member: typeof RELOADER, email: string) {
  await form.page.goto('/standard?culture=en');
  await form.expectPage(K.standardLanding);
  await authorizeStandard(form, member.noticeId, member.pin);
  await fillContactDetails(form, email);
  await form.advance(K.next, K.claimDetails);
  await form.type(K.vin, member.vin);
  await fillVehicleHistory(form, false);
}

describe('a claim kept by the server', () => {
  it('keeps every answer through a reload, and the confirmation through another', async () => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    await fillTwoPages(form, RELOADER, 'mary.reload@example.com');
    const kept = draftKept(page);
    await form.advance(K.next, K.paymentElection);
    await kept;

    await page.reload();
    await form.expectPage(K.paymentElection);
    await form.advance(K.back, K.claimDetails);
    await expect(form.field(K.vin).first().inputValue()).resolves.toBe(RELOADER.vin);
    await form.advance(K.back, K.claimantInfo);
    await expect(form.field(K.email).first().inputValue()).resolves.toBe('mary.reload@example.com');
    await form.advance(K.next, K.claimDetails);
    const referenceCode = await finishStandardClaim(form, RELOADER.fullName);

    await page.reload();
    await form.expectPage(K.confirmation);
    await expect(shownReferenceCode(form)).resolves.toBe(referenceCode);
  });

  it('saves to finish later, and resumes at the page left after signing in again', async () => {
    const { page, browser } = session;
    const texts = await cultureTexts(inject('baseUrl'), 'en');
    const form = new FormDriver(page, texts);
    await fillTwoPages(form, RETURNER, 'joseph.return@example.com');
    await page.getByRole('button', { name: form.t('LocKey_Drafts_SaveAndFinishLater') }).click();
    await expectNoAxeViolations(page, 'save and finish later, open');
    await page.getByRole('button', { name: form.t('LocKey_Drafts_Save') }).click();
    await page.getByRole('status').filter({ hasText: 'Your answers are saved until' }).waitFor();
    await expectNoAxeViolations(page, 'save and finish later, saved');

    // Another browser: nothing but the credentials carries over.
    const later = await browser.newContext({ baseURL: inject('baseUrl') });
    try {
      const laterForm = new FormDriver(await later.newPage(), texts);
      await laterForm.page.goto('/standard?culture=en');
      await laterForm.expectPage(K.standardLanding);
      await laterForm.type(K.noticeId, RETURNER.noticeId);
      await laterForm.type(K.pin, RETURNER.pin);
      await laterForm.advance(K.startClaim, K.claimDetails);
      await expect(laterForm.field(K.vin).first().inputValue()).resolves.toBe(RETURNER.vin);
      await expect(finishStandardClaim(laterForm, RETURNER.fullName)).resolves.toMatch(/-/);
    } finally {
      await later.close();
    }
  });

  it('offers to save and finish later in Spanish, clean under axe', async () => {
    const form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), 'es'));
    await form.page.goto('/standard?culture=es');
    await form.expectPage(K.standardLanding);
    await authorizeStandard(form, SPANISH_READER.noticeId, SPANISH_READER.pin);
    await form.page
      .getByRole('button', { name: form.t('LocKey_Drafts_SaveAndFinishLater') })
      .click();
    await form.page.getByRole('button', { name: form.t('LocKey_Drafts_Save') }).waitFor();
    await expectNoAxeViolations(form.page, 'save and finish later in Spanish, open');
  });

  it('names, once, an answer the kept draft could not keep', async () => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    await fillTwoPages(form, CORRECTOR, 'thanh.correct@example.com');
    // Back checks nothing: the draft keeps a VIN the rules refuse.
    await form.type(K.vin, '1NW');
    const kept = draftKept(page);
    await form.advance(K.back, K.claimantInfo);
    await kept;

    await page.reload();
    await form.expectPage(K.claimantInfo);
    const notice = page.getByRole('status').filter({ hasText: form.t('LocKey_Drafts_Cleared') });
    await expect(notice.getByRole('listitem').allInnerTexts()).resolves.toEqual([form.t(K.vin)]);
    await expectNoAxeViolations(page, 'answers cleared on resuming');
    await form.advance(K.next, K.claimDetails);
    await expect(page.getByText(form.t('LocKey_Drafts_Cleared')).count()).resolves.toBe(0);
  });
});
