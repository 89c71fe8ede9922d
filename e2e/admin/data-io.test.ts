import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fileClaimThroughApi,
  signInToConsole,
  useConsoleServer,
  type ConsoleAccount,
} from '../support/admin-console';
import { expectNoAxeViolations } from '../support/axe';

/**
 * Data in and out through the console on its own server: a supervisor imports a class list
 * with two bad rows and downloads the report, two of the new members file claims, and the
 * supervisor exports the claims, finds both in the CSV, and sees them on the dashboard. The
 * tests are the steps of one visit and run in order.
 */

const supervisor: ConsoleAccount = {
  email: 'data.supervisor@example.org',
  password: 'a long data supervisor passphrase',
  role: 'supervisor',
};
const MEMBERS = [
  { noticeId: 'NW70000001', pin: '482913', vin: '1NWVRS2F5JR162080' },
  { noticeId: 'NW70000002', pin: '604127', vin: '1NWASX2F7MR628693' },
];
const CLASS_LIST = [
  'NoticeId,Pin,FirstName,MiddleInitial,LastName,MailingStreetLine1,MailingStreetLine2,MailingCity,MailingSubDivision,MailingPostalCode,MailingSubDivisionNonUS,MailingPostalCodeNonUS,MailingCountry,EmailAddress,PhoneNumber,Vin',
  `${MEMBERS[0]!.noticeId},${MEMBERS[0]!.pin},Imelda,R,Okafor,12 Harbor Way,,Oakland,CA,94607,,,US,imelda.okafor@example.net,(510) 555-0101,${MEMBERS[0]!.vin}`,
  'NW7000000X,111111,Bad,,Notice,1 Main St,,Oakland,CA,94607,,,US,bad.notice@example.net,(510) 555-0102,',
  `${MEMBERS[1]!.noticeId},${MEMBERS[1]!.pin},Tomas,J,Lindqvist,40 Pine St,,Fresno,CA,93721,,,US,tomas.lindqvist@example.net,(559) 555-0103,${MEMBERS[1]!.vin}`,
  'NW70000004,12,Short,,Pin,2 Main St,,Oakland,CA,94607,,,US,short.pin@example.net,(510) 555-0104,',
].join('\r\n');
const referenceCodes: string[] = [];

const { server, session } = useConsoleServer({
  name: 'admin-data-io',
  administrators: [supervisor],
  browser: { sharedContext: true },
});

async function openPage(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Clicks a download link and reads the file the browser saved. */
async function download(page: Page, scope: Page | Locator, link: string): Promise<string> {
  const saved = page.waitForEvent('download');
  await scope.getByRole('link', { name: link }).click();
  const file = await (await saved).path();
  return readFile(file, 'utf8');
}

describe('imports, exports and the dashboard in the console', () => {
  it('imports a class list with two bad rows and reports them', async () => {
    const { page } = session;
    await signInToConsole(page, supervisor);
    await openPage(page, 'Imports');
    await expectNoAxeViolations(page, 'the imports page before any import');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'new-members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CLASS_LIST),
    });
    await page.getByLabel(/^Valid rows only/).check();
    await page.getByRole('button', { name: 'Start the import' }).click();
    const current = page.getByRole('region', { name: 'Class list import' });
    await current.getByText('The import is done: 4 rows read, 2 rows were refused.').waitFor();
    await expectNoAxeViolations(page, 'the imports page with a finished import');

    const report = await download(page, current, 'Download the report of refused rows (CSV)');
    const lines = report
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^3,noticeId,/i);
    expect(lines[2]).toMatch(/^5,pin,/i);
  });

  it('lets the imported members file claims', () => {
    for (const member of MEMBERS) {
      referenceCodes.push(fileClaimThroughApi(server, member.noticeId, member.pin));
    }
    expect(new Set(referenceCodes).size).toBe(2);
  });

  it('exports the claims as CSV with both claims in it', async () => {
    const { page } = session;
    await openPage(page, 'Exports');
    await expectNoAxeViolations(page, 'the exports page before any export');
    await page.getByRole('button', { name: 'Start the export' }).click();
    await page.getByRole('link', { name: 'Download the claims as CSV' }).waitFor();
    await expectNoAxeViolations(page, 'the exports page with a finished export');

    const csv = await download(page, page, 'Download the claims as CSV');
    const rows = csv.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(2);
    for (const code of referenceCodes) {
      expect(rows.some((row) => row.includes(code))).toBe(true);
    }
  });

  it('counts both claims on the dashboard', async () => {
    const { page } = session;
    await openPage(page, 'Dashboard');
    const filed = page
      .locator('dt', { hasText: /^Claims filed$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(filed.innerText()).resolves.toBe('2');
    await page.getByText('The figures of both charts as a table').click();
    await expect(
      page.getByRole('table', { name: 'Claims per day, oldest first' }).innerText(),
    ).resolves.toMatch(/\b2\b/);
    await expectNoAxeViolations(page, 'the dashboard with two claims');
  });
});
