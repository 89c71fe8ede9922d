import {
  ADMIN_API_PATHS,
  claimPath,
  claimsPath,
  claimTransitionsPath,
  type ClaimDetail,
  type ClaimsResponse,
} from '@claims/core/admin/admin-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fileClaimThroughApi,
  signInToConsole,
  useConsoleServer,
  type ConsoleAccount,
} from '../support/admin-console';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { cultureTexts } from '../support/content';
import { pdfFile } from '../support/files';
import { FormDriver } from '../support/form-driver';
import { DEMO, K, addDocument } from '../support/journeys';

/**
 * The claimant after filing (docs/behaviour.md#after-filing), on a server of its own: a
 * reviewer made with the CLI marks one claim deficient and denies another through the console's
 * API; the claimant checks the status, uploads the missing document and sees the claim cured,
 * appeals the denial, changes how the appealed claim is paid, and changes the address; the new
 * pages are clean under axe in English and Spanish.
 */

let consoleBrowser: Browser;
let consolePage: Page;
const reviewer: ConsoleAccount = {
  email: 'reviewer@example.org',
  password: 'a long reviewer passphrase',
  role: 'reviewer',
};
let deficientCode = '';
let deniedCode = '';

/** A console API call from the signed-in console page, with the console's CSRF token. */
async function consoleCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return consolePage.evaluate(
    async ({ method, path, body, csrfPath }) => {
      const csrf = (await (await fetch(csrfPath)).json()) as {
        requestHeaderName: string;
        requestToken: string;
      };
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (method !== 'GET') {
        headers[csrf.requestHeaderName] = csrf.requestToken;
        headers['Content-Type'] = 'application/json';
      }
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = JSON.stringify(body);
      const response = await fetch(path, init);
      if (!response.ok)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body, csrfPath: ADMIN_API_PATHS.csrf },
  );
}

/** The reviewer's transitions on a claim, as the console's claim page makes them. */
async function review(
  referenceCode: string,
  steps: { transition: string; from: string; reasonCodes?: string[] }[],
): Promise<string> {
  const found = await consoleCall<ClaimsResponse>('GET', claimsPath({ q: referenceCode }));
  const claimId = found.items[0]?.id ?? '';
  for (const step of steps) {
    await consoleCall('POST', claimTransitionsPath(claimId), {
      transition: step.transition,
      expectedStatus: step.from,
      reasonCodes: step.reasonCodes ?? [],
      note: null,
    });
  }
  return claimId;
}

const { server, session } = useConsoleServer({
  name: 'claimant-after-filing',
  administrators: [reviewer],
  prepare: fileAndReviewClaims,
});

afterAll(async () => {
  await consoleBrowser?.close();
});

/** Files the two claims and, as the reviewer, marks one deficient and denies the other. */
async function fileAndReviewClaims(): Promise<void> {
  deficientCode = fileClaimThroughApi(server, DEMO.standard.noticeId, DEMO.standard.pin);
  deniedCode = fileClaimThroughApi(server, DEMO.standardSecond.noticeId, DEMO.standardSecond.pin);
  consoleBrowser = await launchChromium();
  consolePage = await consoleBrowser.newPage({ baseURL: server.url });
  await signInToConsole(consolePage, reviewer);
  await review(deficientCode, [
    { transition: 'start_review', from: 'received' },
    { transition: 'mark_deficient', from: 'in_review', reasonCodes: ['missing_proof_of_purchase'] },
  ]);
  await review(deniedCode, [
    { transition: 'start_review', from: 'received' },
    { transition: 'deny', from: 'in_review', reasonCodes: ['duplicate_claim'] },
  ]);
}

async function driver(culture: string): Promise<FormDriver> {
  return new FormDriver(session.page, await cultureTexts(server.url, culture));
}

/** Signs in on Check Claim Status and waits for the claim's status. */
async function checkStatus(
  form: FormDriver,
  code: string,
  factor: 'lastName' | 'zip',
  value: string,
) {
  await form.page.goto(`/claim/status?culture=${form.texts.culture}`);
  await form.type(K.referenceCode, code);
  await form.type(factor === 'lastName' ? K.lastName : K.zip, value);
  await form.button('LocKey_ClaimStatus_SignIn').click();
  await form.page
    .getByRole('heading', { name: form.t('LocKey_ClaimStatus_HistoryTitle') })
    .waitFor();
}

function shownStatus(page: Page): Promise<string> {
  return page.locator('dd[data-status]').innerText();
}

describe('Check Claim Status', () => {
  it('is clean under axe in English and Spanish before the claimant signs in', async () => {
    for (const culture of ['en', 'es']) {
      const form = await driver(culture);
      await form.page.goto(`/claim/status?culture=${culture}`);
      await form.button('LocKey_ClaimStatus_SignIn').waitFor();
      await expectNoAxeViolations(form.page, `the status sign-in in ${culture}`);
    }
  });

  it('shows what is missing; the uploaded document cures the claim', async () => {
    const form = await driver('en');
    await checkStatus(form, deficientCode, 'lastName', DEMO.standard.lastName);
    await expect(shownStatus(form.page)).resolves.toBe(
      form.t('LocKey_ClaimStatus_Status_deficient'),
    );
    await form.page.getByText(form.t('LocKey_Deficiency_MissingProofOfPurchase')).waitFor();
    await expectNoAxeViolations(form.page, 'a deficient claim');

    await form.page.getByRole('link', { name: form.t('LocKey_ClaimStatus_UploadLink') }).click();
    await form.expectPage(K.supportingDocuments);
    await addDocument(form, pdfFile('bill-of-sale.pdf', 'Bill of sale'));
    await form.advance(K.submit, K.confirmation);

    await form.page.goto('/claim/status?culture=en');
    await form.button('LocKey_ClaimStatus_SendForReview').click();
    await form.page.locator('dd[data-status="cured"]').waitFor();
    await expect(shownStatus(form.page)).resolves.toBe(form.t('LocKey_ClaimStatus_Status_cured'));
  });

  it('appeals a denied claim within its window, in Spanish', async () => {
    const form = await driver('es');
    await checkStatus(form, deniedCode, 'zip', DEMO.standardSecond.zip);
    await form.page.getByText(form.t('LocKey_Denial_DuplicateClaim')).waitFor();
    await expectNoAxeViolations(form.page, 'a denied claim in Spanish');
    await form.page
      .getByRole('textbox', { name: form.t('LocKey_ClaimStatus_AppealStatement') })
      .fill('Presenté un solo reclamo por este vehículo.');
    await form.button('LocKey_ClaimStatus_AppealSend').click();
    await form.page.locator('dd[data-status="appealed"]').waitFor();
    await expect(shownStatus(form.page)).resolves.toBe(
      form.t('LocKey_ClaimStatus_Status_appealed'),
    );
  });
});

describe('Changing how the claim is paid', () => {
  it('makes direct deposit the method of the appealed claim, shown by its last four digits', async () => {
    const form = await driver('en');
    await checkStatus(form, deniedCode, 'zip', DEMO.standardSecond.zip);
    await form.button('LocKey_ClaimStatus_PayoutChange').click();
    await form.page
      .getByRole('heading', { level: 1, name: form.t('LocKey_ClaimStatus_PayoutChangeTitle') })
      .waitFor();
    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentDirectDeposit');
    await form.type('LocKey_Field_RoutingNumber', '121000248');
    await form.type('LocKey_Field_AccountNumber', '000123456789');
    await form.type('LocKey_Field_AccountNumberConfirmation', '000123456789');
    await form.choose('LocKey_Field_AccountType', 'LocKey_Option_AccountChecking');
    await expectNoAxeViolations(form.page, 'the change of payout');
    await form.button('LocKey_ClaimStatus_PayoutSave').click();
    await form.page
      .getByRole('status')
      .filter({ hasText: form.t('LocKey_ClaimStatus_PayoutChanged') })
      .waitFor();
    await expect(form.page.locator('dd[data-payout-method]').innerText()).resolves.toBe(
      form.t('LocKey_Option_PaymentDirectDeposit'),
    );
    await form.page.getByText('•••• 6789').waitFor();
    await expect(form.page.content()).resolves.not.toContain('000123456789');
    await expectNoAxeViolations(form.page, 'the changed payout');
  });

  it('is clean under axe in Spanish', async () => {
    const form = await driver('es');
    await checkStatus(form, deniedCode, 'zip', DEMO.standardSecond.zip);
    await form.button('LocKey_ClaimStatus_PayoutChange').click();
    await form.page
      .getByRole('heading', { level: 1, name: form.t('LocKey_ClaimStatus_PayoutChangeTitle') })
      .waitFor();
    await expectNoAxeViolations(form.page, 'the change of payout in Spanish');
  });
});

describe('Change My Address', () => {
  it('is clean under axe in English and Spanish', async () => {
    for (const culture of ['en', 'es']) {
      const form = await driver(culture);
      await form.page.goto(`/coa?culture=${culture}`);
      await form.button('LocKey_ChangeOfAddress_SignIn').waitFor();
      await expectNoAxeViolations(form.page, `the change of address sign-in in ${culture}`);
    }
  });

  it('shows the address form clean under axe in Spanish', async () => {
    const form = await driver('es');
    await form.page.goto('/coa?culture=es');
    await form.type(K.referenceCode, deficientCode);
    await form.type(K.lastName, DEMO.standard.lastName);
    await form.button('LocKey_ChangeOfAddress_SignIn').click();
    await form.field(K.street1).waitFor();
    await expectNoAxeViolations(form.page, 'the address form in Spanish');
  });

  it('records a new address that the administrator sees on the claim', async () => {
    const form = await driver('en');
    await form.page.goto('/coa?culture=en');
    await form.type(K.referenceCode, deficientCode);
    await form.type(K.lastName, DEMO.standard.lastName);
    await form.button('LocKey_ChangeOfAddress_SignIn').click();
    await form.type(K.street1, '77 Harbor Way');
    await form.type(K.city, 'Long Beach');
    await form.field(K.state).selectOption('CA');
    await form.type(K.zip, '90802');
    await expectNoAxeViolations(form.page, 'the address form');
    await form.button('LocKey_ChangeOfAddress_Save').click();
    await form.page.getByRole('status').filter({ hasText: deficientCode }).waitFor();

    const found = await consoleCall<ClaimsResponse>('GET', claimsPath({ q: deficientCode }));
    const detail = await consoleCall<ClaimDetail>('GET', claimPath(found.items[0]?.id ?? ''));
    const changed = detail.sections.at(-1);
    expect(changed?.title).toMatch(/^Address changed by the claimant on /);
    expect(changed?.fields).toContainEqual(
      expect.objectContaining({ name: 'mailingStreetLine1', value: '77 Harbor Way' }),
    );
  });
});
