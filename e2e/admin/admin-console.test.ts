import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fileClaimThroughApi,
  signInToConsole,
  signOutOfConsole,
  useConsoleServer,
  type ConsoleAccount,
} from '../support/admin-console';
import { expectNoAxeViolations } from '../support/axe';
import { cultureTexts } from '../support/content';
import { FormDriver } from '../support/form-driver';
import { DEMO, fileStandardClaim } from '../support/journeys';

/**
 * The console end to end on its own server (a fresh database): a supervisor and a reviewer
 * made with the CLI sign in with codes of their authenticators, work three claims filed
 * through the claimant site, and the audit log shows what each did. The tests are the steps
 * of one visit and run in order.
 */

const supervisor: ConsoleAccount = {
  email: 'supervisor@example.org',
  password: 'a long supervisor passphrase',
  role: 'supervisor',
};
const reviewer: ConsoleAccount = {
  email: 'reviewer@example.org',
  password: 'a long reviewer passphrase',
  role: 'reviewer',
};
/** Reference codes of the three claims, in the order they were filed. */
const claims: string[] = [];

const { server, session } = useConsoleServer({
  name: 'admin-console',
  administrators: [supervisor, reviewer],
  browser: {
    sharedContext: true,
    // Dialogs open without their fade, so axe reads them as they stand.
    contextOptions: { reducedMotion: 'reduce' },
  },
});

async function openClaim(page: Page, referenceCode: string): Promise<void> {
  await page.getByRole('link', { name: 'Claims queue', exact: true }).click();
  await page.getByRole('heading', { name: 'Claims queue', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: 'Search' }).fill(referenceCode);
  await page.getByRole('button', { name: 'Show claims' }).click();
  await page.getByRole('link', { name: referenceCode }).click();
  await page.getByRole('heading', { name: `Claim ${referenceCode}`, level: 1 }).waitFor();
}

/** Makes a transition from the claim page through its dialog, with reasons and a note. */
async function transition(
  page: Page,
  action: string,
  choice: { reasons?: string[]; note?: string } = {},
): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const reason of choice.reasons ?? []) {
    await dialog.getByRole('checkbox', { name: reason }).check();
  }
  if (choice.note !== undefined) await dialog.getByLabel(/^Note/).fill(choice.note);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

function statusOf(page: Page): Promise<string> {
  return page
    .locator('dt', { hasText: /^Status$/ })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
}

describe('the administrators’ console', () => {
  it('receives three claims, one of them filed in the browser with a PDF', async () => {
    const form = new FormDriver(session.page, await cultureTexts(server.url, 'en'));
    claims.push(await fileStandardClaim(form, DEMO.standard));
    claims.push(fileClaimThroughApi(server, DEMO.standardSecond.noticeId, DEMO.standardSecond.pin));
    claims.push(fileClaimThroughApi(server, 'NW16630443', '236906'));
    expect(new Set(claims).size).toBe(3);
  });

  it('signs a supervisor in with a new authenticator, the sign-in page clean under axe', async () => {
    const { page } = session;
    await page.goto('/admin/sign-in');
    await expectNoAxeViolations(page, 'the sign-in page');
    await signInToConsole(page, supervisor, () =>
      expectNoAxeViolations(page, 'the enrolment step with its QR code'),
    );
    await expectNoAxeViolations(page, 'the claims queue with three claims');
  });

  it('finds the claim filed in the browser and shows its PDF in a frame', async () => {
    const { page } = session;
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such claim anywhere');
    await page.getByRole('button', { name: 'Show claims' }).click();
    await page.getByText('No claims match these filters.').waitFor();
    await expectNoAxeViolations(page, 'the claims queue with no match');

    const first = claims[0] ?? '';
    await openClaim(page, first);
    await expectNoAxeViolations(page, 'a claim page');
    const pdf = page.waitForResponse((response) =>
      /\/admin\/api\/claims\/[^/]+\/documents\/[^/?]+\?disposition=inline/.test(response.url()),
    );
    await page.getByRole('button', { name: /^View repair-invoice\.pdf$/ }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('#document-preview iframe').count()).resolves.toBe(1);
  });

  it('marks that claim deficient with two reasons and a cure-by date', async () => {
    const { page } = session;
    await transition(page, 'Start review');
    await expect(statusOf(page)).resolves.toBe('In review');
    await page.getByRole('button', { name: 'Mark deficient', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page, 'the transition dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await transition(page, 'Mark deficient', {
      reasons: ['Proof of purchase or lease is missing', 'A document cannot be read'],
      note: 'The receipt is cut off at the bottom.',
    });
    await expect(statusOf(page)).resolves.toBe('Deficient');
    await page.locator('dt', { hasText: /^Cure by$/ }).waitFor();
    await signOutOfConsole(page);
  });

  it('lets a reviewer approve the second claim and deny the third', async () => {
    const { page } = session;
    await signInToConsole(page, reviewer);
    await expect(page.getByRole('link', { name: 'Audit log' }).count()).resolves.toBe(0);

    await openClaim(page, claims[1] ?? '');
    await transition(page, 'Start review');
    await transition(page, 'Approve');
    await expect(statusOf(page)).resolves.toBe('Approved');

    await openClaim(page, claims[2] ?? '');
    await transition(page, 'Start review');
    await transition(page, 'Deny', {
      reasons: [
        'Duplicate claim: another claim was already filed for the same vehicle and the same Class Member',
      ],
    });
    await expect(statusOf(page)).resolves.toBe('Denied');
    await page.locator('dt', { hasText: /^Appeal by$/ }).waitFor();
    await signOutOfConsole(page);
  });

  it('shows all of it in the audit log, clean under axe', async () => {
    const { page } = session;
    await signInToConsole(page, supervisor);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await expectNoAxeViolations(page, 'the audit log');
    // Every entry of this visit on one page.
    await page.getByLabel('Rows per page').selectOption('100');
    await page.getByRole('cell', { name: supervisor.email }).first().waitFor();
    const log = await page.getByRole('main').innerText();
    for (const entry of ['Signed in', 'Viewed a document', 'Changed a claim’s status']) {
      expect(log).toContain(entry);
    }
    for (const who of [supervisor.email, reviewer.email]) expect(log).toContain(who);
    for (const referenceCode of claims) expect(log).toContain(referenceCode);

    await page.getByLabel('Claim reference code').fill('ZZZ-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('No entries match these filters.').waitFor();
    await expectNoAxeViolations(page, 'the audit log with no match');
  });
});
