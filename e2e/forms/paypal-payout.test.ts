import { describe, expect, it } from 'vitest';
import { fileClaimThroughApi } from '../support/admin-console';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { copyDemoCase, type CaseFolder } from '../support/case-folder';
import { cultureTexts } from '../support/content';
import { findClaim, findPayoutChanges } from '../support/database';
import {
  enablePayPal,
  fakePayPalEnvironment,
  startBrowserPayPal,
  type FakePayPal,
  type FakePayPalAccount,
} from '../support/fake-paypal';
import { FormDriver } from '../support/form-driver';
import {
  K,
  SAMPLE_FILES,
  addDocument,
  authorizeStandard,
  fillContactDetails,
  fillVehicleHistory,
  shownReferenceCode,
  signAndSubmit,
} from '../support/journeys';
import { freePort } from '../support/server';
import { modelsOf } from '../support/stored-claims';
import { useServer } from '../support/use-server';

/**
 * The PayPal payout (docs/behaviour.md#payment-election), on a server of its own whose case
 * enables PayPal and whose PayPal is a loopback fake: the claimant logs in to PayPal in the
 * login window at filing, and again on Check Claim Status to be paid by PayPal instead.
 */

/** Class members no other browser test files for. */
const FILER = {
  noticeId: 'NW95868684',
  pin: '927796',
  fullName: 'Lisa A Shah',
  vin: '5NWCDS5F7LT376472',
  payPal: 'lisa.shah.pays@example.org',
};
/** Only reaches the payment election, in Spanish. */
const SPANISH = { noticeId: 'NW76941621', pin: '061724', vin: '5NWCDB3F5LG046972' };
const CHANGER = {
  noticeId: 'NW72359064',
  pin: '889128',
  lastName: 'Green',
  payPal: 'mary.green.pays@example.net',
  payPalShown: 'm•••@example.net',
};

/** A PayPal account whose one confirmed address is `email`. */
function account(payerId: string, name: string, email: string): FakePayPalAccount {
  return { payerId, name, emails: [{ value: email, primary: true, confirmed: true }] };
}

let payPal: FakePayPal | undefined;
let caseFolder: CaseFolder | undefined;
const server = useServer(
  async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    payPal = await startBrowserPayPal(origin);
    caseFolder = copyDemoCase('paypal', enablePayPal);
    return {
      name: 'paypal',
      caseDir: caseFolder.dir,
      port,
      env: fakePayPalEnvironment(payPal, origin),
    };
  },
  async () => {
    await payPal?.close();
    caseFolder?.remove();
  },
);
const session = useBrowser({ baseUrl: () => server.url });

function fake(): FakePayPal {
  if (!payPal) throw new Error('the fake PayPal is not running');
  return payPal;
}

async function driver(culture: 'en' | 'es' = 'en'): Promise<FormDriver> {
  return new FormDriver(session.page, await cultureTexts(server.url, culture));
}

/**
 * Logs in with PayPal as the claimant does: the login window opens on PayPal's page, the
 * claimant presses "Log in", and the window closes once PayPal has sent it back to the site,
 * which then reads the PayPal settings again.
 */
async function logInWithPayPal(form: FormDriver): Promise<void> {
  const opened = form.page.waitForEvent('popup');
  await form.button('LocKey_Forms_PayPal_Verify').click();
  const login = await opened;
  await login.getByRole('heading', { name: 'Log in with PayPal' }).waitFor();
  const closed = login.waitForEvent('close');
  const settingsRead = form.page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/banking/paypal-settings',
  );
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await closed;
  await settingsRead;
}

/** Starts a Standard claim for `member` in the form's culture and fills it up to the payout. */
async function reachPaymentElection(
  form: FormDriver,
  member: { noticeId: string; pin: string; vin: string },
  contactEmail: string,
): Promise<void> {
  await form.page.goto(`/standard?culture=${form.texts.culture}`);
  await form.expectPage(K.standardLanding);
  await authorizeStandard(form, member.noticeId, member.pin);
  await fillContactDetails(form, contactEmail);
  await form.advance(K.next, K.claimDetails);
  await form.type(K.vin, member.vin);
  await fillVehicleHistory(form, false);
  await form.advance(K.next, K.paymentElection);
}

/** The server's calls to the fake's API (code exchanges, account reads), oldest first. */
function verificationCalls(): string[] {
  return fake()
    .requests.filter((request) => request.path !== '/signin/authorize')
    .map((request) => `${request.method} ${request.path}`);
}

const ONE_VERIFICATION = ['POST /v1/oauth2/token', 'GET /v1/identity/oauth2/userinfo'];

describe('a claim paid by PayPal', () => {
  it('is filed once the claimant has logged in to the PayPal account of the e-mail given', async () => {
    const { page } = session;
    const form = await driver();
    fake().setLogin('approve', account('LSHAHPAYS0001', 'Lisa Shah', FILER.payPal));
    await reachPaymentElection(form, FILER, 'lisa.shah.contact@example.org');

    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentPayPal');
    await form.type('LocKey_Field_PaymentEmail', FILER.payPal);
    await page.getByText(form.t('LocKey_Forms_PayPal_Copy')).waitFor();
    await expectNoAxeViolations(page, 'the payment election with PayPal');
    const before = verificationCalls().length;
    await logInWithPayPal(form);
    expect(verificationCalls().slice(before)).toEqual(ONE_VERIFICATION);
    await expect(page.getByText(form.t('LocKey_Forms_PayPal_Invalid')).count()).resolves.toBe(0);

    await form.advance(K.next, K.supportingDocuments);
    await addDocument(form, SAMPLE_FILES.invoice());
    await form.advance(K.next, K.claimSummary);
    const review = await page.getByRole('main').innerText();
    expect(review).toContain(form.t('LocKey_Option_PaymentPayPal'));
    expect(review).toContain(FILER.payPal);
    await signAndSubmit(form, FILER.fullName);
    const referenceCode = await shownReferenceCode(form);

    const details = modelsOf(findClaim(server.dataDir, referenceCode)).claimDetails?.fields;
    expect(details).toMatchObject({ paymentMethod: 'PayPal', paymentEmail: FILER.payPal });
  });
});

describe('the payment election with PayPal offered, in Spanish', () => {
  it('has no axe violations once PayPal is chosen', async () => {
    const { page } = session;
    const form = await driver('es');
    await reachPaymentElection(form, SPANISH, 'joseph.white.contact@example.org');
    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentPayPal');
    await page.getByText(form.t('LocKey_Forms_PayPal_Copy')).waitFor();
    await expectNoAxeViolations(page, 'the payment election with PayPal, in Spanish');
  });
});

describe('Check Claim Status with PayPal offered', () => {
  it('changes a claim paid by check to PayPal after the claimant logs in to PayPal', async () => {
    const { page } = session;
    const form = await driver();
    const referenceCode = fileClaimThroughApi(
      { url: server.url, dataDir: server.dataDir, caseDir: caseFolder?.dir ?? '' },
      CHANGER.noticeId,
      CHANGER.pin,
    );
    fake().setLogin('approve', account('MGREENPAYS002', 'Mary Green', CHANGER.payPal));
    await page.goto('/claim/status?culture=en');
    await form.type(K.referenceCode, referenceCode);
    await form.type(K.lastName, CHANGER.lastName);
    await form.button('LocKey_ClaimStatus_SignIn').click();
    await expect(page.locator('dd[data-payout-method]').innerText()).resolves.toBe(
      form.t('LocKey_Option_PaymentCheck'),
    );

    await form.button('LocKey_ClaimStatus_PayoutChange').click();
    await page
      .getByRole('heading', { level: 1, name: form.t('LocKey_ClaimStatus_PayoutChangeTitle') })
      .waitFor();
    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentPayPal');
    await form.type('LocKey_Field_PaymentEmail', CHANGER.payPal);
    const before = verificationCalls().length;
    await logInWithPayPal(form);
    expect(verificationCalls().slice(before)).toEqual(ONE_VERIFICATION);
    await page
      .getByRole('heading', { level: 1, name: form.t('LocKey_ClaimStatus_PayoutChangeTitle') })
      .waitFor();
    await form.button('LocKey_ClaimStatus_PayoutSave').click();
    await page
      .getByRole('status')
      .filter({ hasText: form.t('LocKey_ClaimStatus_PayoutChanged') })
      .waitFor();
    await expect(page.locator('dd[data-payout-method]').innerText()).resolves.toBe(
      form.t('LocKey_Option_PaymentPayPal'),
    );
    // The account's e-mail, masked as every payout detail is on Check Claim Status.
    await page
      .getByRole('region', { name: form.t('LocKey_ClaimStatus_PayoutTitle') })
      .getByText(CHANGER.payPalShown, { exact: true })
      .waitFor();

    const stored = findClaim(server.dataDir, referenceCode);
    expect(modelsOf(stored).claimDetails?.fields).toMatchObject({
      paymentMethod: 'PayPal',
      paymentEmail: CHANGER.payPal,
    });
    expect(findPayoutChanges(server.dataDir, stored?.claim.id ?? '')).toEqual([
      { method: 'PayPal', details: { paymentEmail: CHANGER.payPalShown } },
    ]);
  });
});
