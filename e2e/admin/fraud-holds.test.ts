import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fileClaimThroughApi,
  signInToConsole,
  useConsoleServer,
  type ConsoleAccount,
} from '../support/admin-console';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_CASE } from '../support/paths';

/**
 * The fraud queue end to end on its own server: a script files claims through the claimant API
 * from one address, each with the same e-mail address, phone number and street, in seconds;
 * scoring holds them. A supervisor made with the CLI finds them in the fraud holds, lowest
 * score first, sees a held claim's reasons and its cluster, releases one hold and denies
 * another claim with the case's fraud denial reason. The tests are the steps of one visit.
 */

const supervisor: ConsoleAccount = {
  email: 'fraud.supervisor@example.org',
  password: 'a long fraud supervisor passphrase',
  role: 'supervisor',
};
/** Class members of the demo case from the fifth on: the first are other suites' claimants. */
const FILED = 4;
const references: string[] = [];

async function classMembers(count: number): Promise<{ noticeId: string; pin: string }[]> {
  const csv = await readFile(path.join(DEMO_CASE, 'class-list.csv'), 'utf8');
  return csv
    .trim()
    .split('\n')
    .slice(5, 5 + count)
    .map((line) => {
      const [noticeId = '', pin = ''] = line.split(',');
      return { noticeId, pin };
    });
}

const { server, session } = useConsoleServer({
  name: 'fraud-holds',
  administrators: [supervisor],
  browser: { sharedContext: true, contextOptions: { reducedMotion: 'reduce' } },
});

async function openFraudHolds(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Fraud holds', exact: true }).click();
  await page.getByRole('heading', { name: 'Fraud holds', level: 1 }).waitFor();
}

/** The reference codes the fraud holds list, in their order. */
async function heldReferences(page: Page): Promise<string[]> {
  const empty = page.getByText('No claim is held.');
  const table = page.getByRole('table');
  await Promise.race([empty.waitFor(), table.waitFor()]);
  if (await empty.isVisible()) return [];
  return table.locator('tbody th[scope="row"]').allInnerTexts();
}

function statusOf(page: Page): Promise<string> {
  return page
    .locator('dt', { hasText: /^Status$/ })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
}

async function transition(page: Page, action: string, reasons: RegExp[] = []): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const reason of reasons) await dialog.getByRole('checkbox', { name: reason }).check();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the fraud holds', () => {
  it('holds scripted claims from one address that share an e-mail address, phone and street', async () => {
    for (const member of await classMembers(FILED)) {
      references.push(fileClaimThroughApi(server, member.noticeId, member.pin));
    }
    expect(new Set(references).size).toBe(FILED);
  });

  it('lists the held claims, lowest score first, clean under axe', async () => {
    const { page } = session;
    await signInToConsole(page, supervisor);
    await openFraudHolds(page);
    // The first claims are held when a later one joins them, by a re-scoring job a moment
    // after that filing: the supervisor reloads the list until the job has run.
    let held = await heldReferences(page);
    for (let attempt = 0; held.length < 2 && attempt < 30; attempt += 1) {
      await page.waitForTimeout(1_000);
      await page.reload();
      await page.getByRole('heading', { name: 'Fraud holds', level: 1 }).waitFor();
      held = await heldReferences(page);
    }
    expect(held.length).toBeGreaterThanOrEqual(2);
    for (const reference of held) expect(references).toContain(reference);
    const scores = (await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).map(Number);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    await expectNoAxeViolations(page, 'the fraud holds');
  });

  it('shows a held claim with its reasons and its cluster, then releases it', async () => {
    const { page } = session;
    const [first = ''] = await heldReferences(page);
    await page.getByRole('link', { name: first, exact: true }).click();
    await page.getByRole('heading', { name: `Claim ${first}`, level: 1 }).waitFor();
    const fraud = page.getByRole('region', { name: 'Fraud assessment' });
    await fraud.getByText('Held for fraud review: it waits in the fraud holds.').waitFor();
    await fraud.getByText('SHARED_EMAIL', { exact: true }).waitFor();
    const cluster = fraud.getByRole('table', { name: /sharing a key/ });
    const others = await cluster.locator('tbody th[scope="row"]').allInnerTexts();
    expect(others.length).toBeGreaterThanOrEqual(1);
    await expect(cluster.innerText()).resolves.toContain('E-mail address');
    await expectNoAxeViolations(page, 'a held claim with its cluster');

    await fraud.getByLabel('Why the hold is lifted').fill('Called the claimant: a real owner.');
    await fraud.getByRole('button', { name: 'Release the hold' }).click();
    await fraud.getByText(`Hold released by ${supervisor.email} on`, { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'a released claim');

    await openFraudHolds(page);
    expect(await heldReferences(page)).not.toContain(first);
  });

  it('denies another held claim with the fraud reason, which takes it out of the queue', async () => {
    const { page } = session;
    const [next = ''] = await heldReferences(page);
    await page.getByRole('link', { name: next, exact: true }).click();
    await page.getByRole('heading', { name: `Claim ${next}`, level: 1 }).waitFor();
    await transition(page, 'Start review');
    await transition(page, 'Deny', [/^Not verified/]);
    await expect(statusOf(page)).resolves.toBe('Denied');
    await page.getByText('Not held for fraud review.').waitFor();
    await page.locator('dt', { hasText: /^Appeal by$/ }).waitFor();

    await openFraudHolds(page);
    expect(await heldReferences(page)).not.toContain(next);
  });
});
