import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { API_PATHS } from '@claims/core/contract/api';
import { SITE_PATH } from '@claims/core/contract/site';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText } from '../support/content';
import { expectShellReady, mainHeading } from '../support/shell';

const session = useBrowser();
const { shared, button, footer } = UI_CONTENT_KEYS;

interface DemoSite {
  administratorTitle: string;
  contact: { phone: string; email: string; mailingAddress: string[] };
}

async function demoSite(): Promise<DemoSite> {
  const response = await fetch(`${inject('baseUrl')}${SITE_PATH}`);
  return (await response.json()) as DemoSite;
}

/** Opens the FAQ with GET /api/captcha answering 500, as a broken captcha config would. */
async function openWithFailingCaptchaConfig(page: Page): Promise<void> {
  await page.route(`**${API_PATHS.captcha}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"broken"}' }),
  );
  await page.goto('/faq');
  await expectShellReady(page);
}

async function alertDialog(page: Page) {
  const en = await cultureTexts(inject('baseUrl'), 'en');
  return page.getByRole('dialog', { name: plainText(en.text(shared.alertHeader)) });
}

describe('start-up failures', () => {
  it('keeps the header, the footer and the contact details when the captcha config fails', async () => {
    const { page } = session;
    const site = await demoSite();
    await openWithFailingCaptchaConfig(page);
    const dialog = await alertDialog(page);
    await dialog.waitFor({ state: 'visible' });
    await expect(page.getByRole('banner').innerText()).resolves.toContain(site.administratorTitle);
    const contentInfo = page.getByRole('contentinfo');
    await expect(
      contentInfo.getByRole('link', { name: new RegExp(site.contact.phone) }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      contentInfo.getByRole('link', { name: new RegExp(site.contact.email) }).isVisible(),
    ).resolves.toBe(true);
  });

  it('says in the alert dialog to use the contact information below, and closes with OK', async () => {
    const { page } = session;
    const en = await cultureTexts(inject('baseUrl'), 'en');
    await openWithFailingCaptchaConfig(page);
    const dialog = await alertDialog(page);
    await dialog.waitFor({ state: 'visible' });
    await expect(dialog.innerText()).resolves.toContain(plainText(en.text(shared.problemError)));
    await dialog.getByRole('button', { name: en.text(button.ok) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(mainHeading(page).isVisible()).resolves.toBe(true);
    await expect(
      page
        .getByRole('contentinfo')
        .getByRole('link', { name: en.text(footer.privacyPolicy) })
        .count(),
    ).resolves.toBe(1);
  });

  it('passes axe with the alert dialog open', async () => {
    const { page } = session;
    await openWithFailingCaptchaConfig(page);
    await (await alertDialog(page)).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'the alert dialog of a failed start-up');
  });

  it('shows a configuration error page that passes axe for a theme the site does not have', async () => {
    const { page } = session;
    const en = await cultureTexts(inject('baseUrl'), 'en');
    await page.route(`**${SITE_PATH}`, async (route) => {
      const response = await route.fetch();
      const site = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...site, theme: 'jnd-8-0-sparkle' } });
    });
    await page.goto('/faq');
    await expectShellReady(page);
    await expect(mainHeading(page).innerText()).resolves.toBe(
      plainText(en.text(UI_CONTENT_KEYS.fixedPage.configurationErrorTitle)),
    );
    await expect(page.getByText('unexpected theme "jnd-8-0-sparkle"').isVisible()).resolves.toBe(
      true,
    );
    await expectNoAxeViolations(page, 'the configuration error page');
  });
});
