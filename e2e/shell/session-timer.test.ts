import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { FIXED_ROUTES } from '@claims/core/routes';
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText } from '../support/content';
import { FormDriver } from '../support/form-driver';
import { DEMO, startAutomotiveClaim } from '../support/journeys';
import { expectShellReady } from '../support/shell';

// The page's clock is faked, so half an hour passes in an instant; the server's own idle
// expiry (real time) is not reached.
const session = useBrowser();
const { session: sessionKeys, button, header } = UI_CONTENT_KEYS;

/**
 * How long a test waits for something that must not happen. The warning's dialog loads
 * lazily and the expiry calls the server before navigating, so an assertion made at once
 * would pass even if they were on their way.
 */
const NOTHING_HAPPENS_MS = 2000;

function isSessionTimeoutCall(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/session-timeout';
}

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

async function openWithFakeClock(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await expectShellReady(page);
}

async function warningDialog(page: Page, culture = 'en') {
  const texts = await cultureTexts(inject('baseUrl'), culture);
  return page.getByRole('dialog', { name: plainText(texts.text(sessionKeys.warningTitle)) });
}

/** Waits long enough for the warning to have shown, had it been due, and checks it did not. */
async function expectNoWarning(page: Page): Promise<void> {
  const dialog = await warningDialog(page);
  await expect(dialog.waitFor({ state: 'visible', timeout: NOTHING_HAPPENS_MS })).rejects.toThrow();
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
    await expectNoWarning(page);
    // The same page does warn once the last minute has begun, so the wait above would have seen it.
    await page.clock.fastForward('00:15');
    await (await warningDialog(page)).waitFor({ state: 'visible' });
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
    const timeoutCalls: Request[] = [];
    page.on('request', (request) => {
      if (isSessionTimeoutCall(request)) timeoutCalls.push(request);
    });
    await page.clock.fastForward('20:00');
    await page.keyboard.press('Shift');
    // 40 minutes after the page opened: without the key press the session would have ended.
    await page.clock.fastForward('20:00');
    await expectNoWarning(page);
    expect(pathname(page)).toBe('/standard');
    expect(timeoutCalls).toEqual([]);
    // The session still runs, counted from the key press: it warns 29 minutes after it.
    await page.clock.fastForward('09:05');
    await (await warningDialog(page)).waitFor({ state: 'visible' });
    expect(pathname(page)).toBe('/standard');
  });

  it('ends the session and lands on the session-expired page when the time runs out', async () => {
    const { page } = session;
    await openWithFakeClock(page, '/standard?culture=es');
    const timeoutCall = page.waitForRequest(isSessionTimeoutCall);
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
    const timeoutCall = page.waitForRequest(isSessionTimeoutCall, { timeout: NOTHING_HAPPENS_MS });
    await page.clock.fastForward('31:00');
    await page.clock.fastForward('00:02');
    // Waited past the point where the expiry would have called the server and navigated.
    await expect(timeoutCall).rejects.toThrow();
    expect(pathname(page)).toBe('/lookup');
    await expect((await warningDialog(page)).isVisible()).resolves.toBe(false);
  });

  it('warns and ends the session on a content page while the claimant holds an authorization', async () => {
    const { page } = session;
    const es = await cultureTexts(inject('baseUrl'), 'es');
    await page.clock.install();
    await startAutomotiveClaim(new FormDriver(page, es), DEMO.automotiveVins[0]);
    await page
      .getByRole('navigation', { name: es.text(header.menu) })
      .getByRole('link', { name: es.text(header.faq), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/faq');
    await expectShellReady(page);
    await page.clock.fastForward('29:01');
    await (await warningDialog(page, 'es')).waitFor({ state: 'visible' });
    const timeoutCall = page.waitForRequest(isSessionTimeoutCall);
    await page.clock.fastForward('01:01');
    await timeoutCall;
    await page.waitForURL(
      (url) =>
        url.pathname === FIXED_ROUTES.sessionExpired.path &&
        url.searchParams.get('form') === 'automotive' &&
        url.searchParams.get('culture') === 'es',
    );
  });
});
