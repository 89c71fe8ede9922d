import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { FIXED_ROUTES } from '@claims/core/routes';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { copyDemoCase, type CaseFolder } from '../support/case-folder';
import { cultureTexts, plainText } from '../support/content';
import { expectShellReady, mainHeading } from '../support/shell';
import { useServer } from '../support/use-server';

const SPANISH_CLOSED_PAGE = 'https://closed.claims-site.test/reclamaciones-cerradas';

let caseFolder: CaseFolder | undefined;
const server = useServer(
  () => {
    caseFolder = copyDemoCase('guards', (caseYaml, dir) => {
      // The Standard form closed in 2020; Spanish speakers go to the administrator's own page.
      caseYaml.setIn(['deadlines', 'claimFilingDeadline'], {
        deadline: '01/15/2020 05:00:00 PM',
        timeZone: 'Pacific Standard Time',
        redirectUrls: { es: SPANISH_CLOSED_PAGE },
      });
      // The Automotive form closed too, with no page of its own for any language.
      caseYaml.setIn(['deadlines', 'automotiveFilingDeadline'], {
        deadline: '01/15/2020 05:00:00 PM',
        timeZone: 'Pacific Standard Time',
      });
      // French copy exists but the administrator has not enabled it.
      caseYaml.setIn(['cultures', 'enabled', 'fr'], { name: 'Français', enabled: false });
      const english = JSON.parse(
        readFileSync(path.join(dir, 'content', 'en.json'), 'utf8'),
      ) as Record<string, string>;
      const french = Object.fromEntries(
        Object.keys(english).map((key) => [key, `[fr] ${english[key] ?? ''}`]),
      );
      writeFileSync(path.join(dir, 'content', 'fr.json'), JSON.stringify(french, null, 2));
    });
    return { name: 'guards', caseDir: caseFolder.dir };
  },
  () => caseFolder?.remove(),
);
const session = useBrowser({ baseUrl: () => server.url });

describe('the language and deadline guards', () => {
  it('sends a claimant to /deadline once the Standard filing deadline has passed', async () => {
    const { page } = session;
    const en = await cultureTexts(server.url, 'en');
    await page.goto('/standard');
    await page.waitForURL((url) => url.pathname === FIXED_ROUTES.defaultDeadline.path);
    await expectShellReady(page);
    await expect(mainHeading(page).innerText()).resolves.toBe(
      plainText(en.text(UI_CONTENT_KEYS.fixedPage.deadlineTitle)),
    );
  });

  it('keeps Spanish on the deadline page, after a reload too', async () => {
    const { page } = session;
    const es = await cultureTexts(server.url, 'es');
    const deadlineTitle = plainText(es.text(UI_CONTENT_KEYS.fixedPage.deadlineTitle));
    await page.goto('/automotive?culture=es');
    await page.waitForURL(
      (url) =>
        url.pathname === FIXED_ROUTES.defaultDeadline.path &&
        url.searchParams.get('culture') === 'es',
    );
    await expectShellReady(page);
    await expect(mainHeading(page).innerText()).resolves.toBe(deadlineTitle);
    await page.reload();
    await expectShellReady(page);
    await expect(mainHeading(page).innerText()).resolves.toBe(deadlineTitle);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
  });

  it('sends a Spanish-speaking claimant to the external page configured for Spanish', async () => {
    const { page, context } = session;
    await context.route(SPANISH_CLOSED_PAGE, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="es"><title>Cerrado</title><h1>Plazo vencido</h1></html>',
      }),
    );
    await page.goto('/standard?culture=es');
    await page.waitForURL(SPANISH_CLOSED_PAGE);
    await expect(page.getByRole('heading', { name: 'Plazo vencido' }).isVisible()).resolves.toBe(
      true,
    );
  });

  it('lets a claimant open a form whose deadline has not passed', async () => {
    const { page } = session;
    await page.goto('/lookup');
    await expectShellReady(page);
    expect(new URL(page.url()).pathname).toBe('/lookup');
  });

  it('falls back to English for a culture the case has but has not enabled', async () => {
    const { page } = session;
    const en = await cultureTexts(server.url, 'en');
    await page.goto('/faq?culture=fr');
    await expectShellReady(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(mainHeading(page).innerText()).resolves.toBe(
      plainText(en.text('LocKey_Page_Faq_Title')),
    );
    await expect(page.getByText('[fr]').count()).resolves.toBe(0);
  });
});
