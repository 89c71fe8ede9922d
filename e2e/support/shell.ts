import type { Locator, Page } from 'playwright-core';

/** The page's own heading: the first-level heading inside the main landmark. */
export function mainHeading(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

/**
 * Waits until the site has started: the page-load spinner is gone and the routed page shows
 * its heading (docs/behaviour.md#layout: the spinner hides once the layout mounts).
 */
export async function expectShellReady(page: Page): Promise<void> {
  await page.locator('#page-load').waitFor({ state: 'hidden' });
  await mainHeading(page).waitFor({ state: 'visible' });
  await waitForSpinners(page);
}

/** Waits until no busy indicator (a lazily loaded page, a pending call) shows in the page. */
export async function waitForSpinners(page: Page, timeout = 15_000): Promise<void> {
  const spinners = page.locator('main .spinner-border:visible, main .spinner-grow:visible');
  const deadline = Date.now() + timeout;
  while ((await spinners.count()) > 0) {
    if (Date.now() > deadline)
      throw new Error(`a spinner still shows on ${page.url()} after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}
