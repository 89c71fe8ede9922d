import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts, plainText } from '../support/content';
import { expectShellReady, mainHeading } from '../support/shell';

// docs/behaviour.md#page-snapshots: a landing page paints from its snapshot before the site's
// script has run, and the site replaces it with the same page.
const session = useBrowser();

/** Waits until the server has rendered its snapshots (in a child process, after it started). */
async function snapshotsRendered(): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${inject('baseUrl')}/standard?culture=es`)).text(), {
      timeout: 30_000,
      interval: 200,
    })
    .toContain('<div id="root" inert>');
}

describe('page snapshots', () => {
  it('shows a landing page, in its language, before any of the site’s script has run', async () => {
    const { page } = session;
    await snapshotsRendered();
    const es = await cultureTexts(inject('baseUrl'), 'es');
    await page.route('**/app/dist/assets/*.js', (route) => route.abort());
    await page.goto('/standard?culture=es');
    await expect(page.locator('main h1').innerText()).resolves.toBe(
      plainText(es.text('LocKey_Standard_Landing_Title')),
    );
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    // Inert until the site takes over: nothing in it can be focused or typed into.
    await expect(page.locator('#root').getAttribute('inert')).resolves.toBe('');
    await page.locator('main input').first().focus();
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('BODY');
  });

  it('hands the page to the site, which shows the same page and can be used', async () => {
    const { page } = session;
    await snapshotsRendered();
    const es = await cultureTexts(inject('baseUrl'), 'es');
    await page.goto('/standard?culture=es');
    await expectShellReady(page);
    await expect(page.locator('#root').getAttribute('inert')).resolves.toBeNull();
    await expect(mainHeading(page).innerText()).resolves.toBe(
      plainText(es.text('LocKey_Standard_Landing_Title')),
    );
    const noticeId = page.getByRole('textbox', {
      name: plainText(es.text('LocKey_Field_NoticeId')),
    });
    await noticeId.fill('NW12345678');
    await expect(noticeId.inputValue()).resolves.toBe('NW12345678');
    await expectNoAxeViolations(page, 'the Standard landing page after its snapshot');
    expect(session.pageErrors).toEqual([]);
  });
});
