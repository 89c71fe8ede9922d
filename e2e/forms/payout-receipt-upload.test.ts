import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { pdfFile } from '../support/files';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  SAMPLE_FILES,
  addDocument,
  authorizeStandard,
  fileStandardClaimAside,
  fillContactDetails,
  fillVehicleHistory,
  openDocumentsUpload,
  shownReferenceCode,
  signAndSubmit,
} from '../support/journeys';

const session = useBrowser();
let parentCode = '';

/** Slows the page's connection to `uploadBytesPerSecond` upstream; answers what restores it. */
async function throttleUpload(page: Page, uploadBytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const conditions = (latency: number, download: number, upload: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: download,
      uploadThroughput: upload,
    });
  await conditions(40, 4 * 1024 * 1024, uploadBytesPerSecond);
  return () => conditions(0, -1, -1);
}

/** A valid PDF of about `megabytes` MB. */
function largePdf(name: string, megabytes: number) {
  return pdfFile(name, 'x'.repeat(Math.round(megabytes * 1024 * 1024)));
}

describe('the upload of a claim with documents', () => {
  beforeAll(async () => {
    parentCode = await fileStandardClaimAside(DEMO.standardSecond);
  });

  it('shows its progress on a slow connection, then a confirmation that can be printed', async () => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    await openDocumentsUpload(form, parentCode, DEMO.standardSecond.lastName);
    await addDocument(form, largePdf('scanned-receipts.pdf', 5));

    // About 2 MB a second upstream: the 5 MB claim takes a few seconds to send.
    const restore = await throttleUpload(page, 2 * 1024 * 1024);
    await form.button(K.submit).click();

    const bar = page.getByRole('progressbar', { name: form.t('LocKey_Forms_Upload_Label') });
    await bar.waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const sent = await page.getByTestId('upload-progress-text').innerText();
    expect(sent).toMatch(/^[\d.]+ (B|KB|MB) of 5\.\d MB sent \(\d{1,3}%\)$/);
    await expect(
      page.getByRole('button', { name: form.t('LocKey_Forms_Upload_Cancel') }).isVisible(),
    ).resolves.toBe(true);

    await form.expectPage(K.confirmation);
    await restore();
    expect(await shownReferenceCode(form)).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(
      page.getByRole('button', { name: form.t('LocKey_Forms_Print') }).isVisible(),
    ).resolves.toBe(true);
    expect(form.t('LocKey_Forms_Print')).toBe('Print or save as PDF');
  });

  it('keeps the claim when the claimant cancels the upload, and sends it again', async () => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    await openDocumentsUpload(form, parentCode, DEMO.standardSecond.lastName);
    await addDocument(form, largePdf('statement.pdf', 3));
    const restore = await throttleUpload(page, 256 * 1024);
    await form.button(K.submit).click();
    const cancel = page.getByRole('button', { name: form.t('LocKey_Forms_Upload_Cancel') });
    await cancel.click({ timeout: 15_000 });
    await page.getByText(form.t('LocKey_Forms_Upload_Cancelled')).waitFor();
    await form.expectPage(K.supportingDocuments);
    await page.getByRole('main').getByText('statement.pdf').first().waitFor();

    await restore();
    await form.advance(K.submit, K.confirmation);
    await shownReferenceCode(form);
  });
});

/** A class member no other browser test files for. */
const PAYEE = {
  noticeId: 'NW27211235',
  pin: '725055',
  fullName: 'DeShawn X Brown',
  vin: '5NWCDT5F9JR008701',
};

describe('the payout methods of the payment-election page', () => {
  it('takes each method once, and shows direct deposit masked on the review page', async () => {
    const { page } = session;
    const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), 'en'));
    await page.goto('/standard?culture=en');
    await form.expectPage(K.standardLanding);
    await authorizeStandard(form, PAYEE.noticeId, PAYEE.pin);
    await fillContactDetails(form, 'deshawn.payee@example.com');
    await form.advance(K.next, K.claimDetails);
    await form.type(K.vin, PAYEE.vin);
    await fillVehicleHistory(form, false);
    await form.advance(K.next, K.paymentElection);

    // PayPal is offered only where the case enables PayPal's login, which the demo does not
    // (forms/paypal-payout.test.ts chooses it on a case that does).
    const elections: [string, () => Promise<void>][] = [
      ['LocKey_Option_PaymentCheck', async () => {}],
      [
        'LocKey_Option_PaymentVirtualCard',
        () => form.type('LocKey_Field_PaymentEmail', 'card@example.com'),
      ],
      [
        'LocKey_Option_PaymentVenmo',
        () => form.type('LocKey_Field_VenmoPhoneOrEmail', '5035550147'),
      ],
    ];
    for (const [option, fill] of elections) {
      await form.choose(K.paymentMethod, option);
      await fill();
      await form.advance(K.next, K.supportingDocuments);
      await form.advance(K.back, K.paymentElection);
    }

    // Direct deposit: the check digit is checked before the page moves on.
    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentDirectDeposit');
    await form.type('LocKey_Field_RoutingNumber', '021000022');
    await form.type('LocKey_Field_AccountNumber', '000123456789');
    await form.type('LocKey_Field_AccountNumberConfirmation', '000123456789');
    await form.choose('LocKey_Field_AccountType', 'LocKey_Option_AccountChecking');
    await form.button(K.next).click();
    await page
      .getByText(form.t('LocKey_Payout_RoutingNumber_CheckDigit'), { exact: false })
      .first()
      .waitFor();
    await form.clear('LocKey_Field_RoutingNumber');
    await form.type('LocKey_Field_RoutingNumber', '021000021');
    await form.advance(K.next, K.supportingDocuments);
    await addDocument(form, SAMPLE_FILES.invoice());
    await form.advance(K.next, K.claimSummary);

    const review = await page.getByRole('main').innerText();
    expect(review).toContain(form.t('LocKey_Option_PaymentDirectDeposit'));
    expect(review).toContain('•••• 6789');
    expect(review).toContain('•••• 0021');
    expect(review).not.toContain('123456789');
    expect(review).not.toContain('021000021');
    await signAndSubmit(form, PAYEE.fullName);
    await shownReferenceCode(form);
  });
});
