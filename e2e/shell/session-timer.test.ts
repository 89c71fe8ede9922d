import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { FIXED_ROUTES } from '@claims/core/routes';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText } from '../support/content';
import { expectShellReady } from '../support/shell';

// The page's clock is faked, so half an hour passes in an instant; the server's own idle
// expiry (real time) is not reached.
const session = useBrowser();
const { session: sessionKeys, button } = UI_CONTENT_KEYS;

async function openWithFakeClock(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await expectShellReady(page);
}

async function warningDialog(page: Page) {
  const en = await cultureTexts(inject('baseUrl'), 'en');
  return page.getByRole('dialog', { name: plainText(en.text(sessionKeys.warningTitle)) });
}

async function continueButton(page: Page) {
  const en = await cultureTexts(inject('baseUrl'), 'en');
  return (await warningDialog(page)).getByRole('button', { name: en.text(button.continue) });
}

describe('the session timer', () => {
  it('shows no warning until one minute before the session ends', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard');
    await page.clock.fastForward('28:50');
    await expect((await warningDialog(page)).isVisible()).resolves.toBe(false);
  });

  it('shows the warning with a countdown one minute before the session ends', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard');
    await page.clock.fastForward('29:01');
    const dialog = await warningDialog(page);
    await dialog.waitFor({ state: 'visible' });
    const firstCount = await dialog.innerText();
    await page.clock.fastForward('00:05');
    await expect.poll(() => dialog.innerText()).not.toBe(firstCount);
    expect(firstCount).toMatch(/\d/);
  });

  it('keeps the warning open on Escape and on a click outside it', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard');
    await page.clock.fastForward('29:01');
    const dialog = await warningDialog(page);
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog.isVisible()).resolves.toBe(true);
  });

  it('moves focus into the warning and passes axe while it is open', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard');
    await page.clock.fastForward('29:01');
    const dialog = await warningDialog(page);
    await dialog.waitFor({ state: 'visible' });
    await expect(
      dialog.evaluate((element) => element.contains(document.activeElement)),
    ).resolves.toBe(true);
    await expectNoAxeViolations(page, 'the session warning');
  });

  it('resets the session when the claimant chooses Continue', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard');
    await page.clock.fastForward('29:01');
    await (await continueButton(page)).click();
    const dialog = await warningDialog(page);
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward('28:30');
    await expect(dialog.isVisible()).resolves.toBe(false);
    expect(new URL(page.url()).pathname).toBe('/standard');
  });

  it('resets the session on a key press before the warning', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard');
    await page.clock.fastForward('20:00');
    await page.keyboard.press('Shift');
    await page.clock.fastForward('20:00');
    await expect((await warningDialog(page)).isVisible()).resolves.toBe(false);
  });

  it('ends the session and lands on the session-expired page when the time runs out', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard?culture=es');
    const timeoutCall = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/session-timeout',
    );
    await page.clock.fastForward('29:01');
    await page.clock.fastForward('01:01');
    await timeoutCall;
    await page.waitForURL(
      (url) =>
        url.pathname === FIXED_ROUTES.sessionExpired.path &&
        url.searchParams.get('form') === 'standard' &&
        url.searchParams.get('culture') === 'es',
    );
  });

  it('does not end the session on the Lookup page, whose timeout is off', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/lookup');
    await page.clock.fastForward('31:00');
    await page.clock.fastForward('00:02');
    expect(new URL(page.url()).pathname).toBe('/lookup');
  });
});
