import { THEMES, type Theme } from '@claims/core/case/themes';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from '../support/axe';
import { useBrowser } from '../support/browser';
import { copyDemoCase, type CaseFolder } from '../support/case-folder';
import { cultureTexts } from '../support/content';
import { ARTIFACTS_DIR } from '../support/paths';
import { shellPages, walkShellPages } from '../support/shell-pages';
import { expectShellReady } from '../support/shell';
import { useServer } from '../support/use-server';

const CULTURES = ['en', 'es'] as const;

/** The file name of a stylesheet the page fetched, e.g. jnd-7-0-default-C4x9.css. */
function stylesheetName(url: string): string {
  return path.posix.basename(new URL(url).pathname);
}

describe.each(THEMES)('the %s theme', (theme: Theme) => {
  let caseFolder: CaseFolder | undefined;
  const server = useServer(
    () => {
      caseFolder = copyDemoCase(theme, (caseYaml) => {
        caseYaml.set('theme', theme);
      });
      return { name: `theme-${theme}`, caseDir: caseFolder.dir };
    },
    () => caseFolder?.remove(),
  );
  const session = useBrowser({ baseUrl: () => server.url });

  it('loads its own stylesheet and no other theme stylesheet', async () => {
    const { page } = session;
    const stylesheets: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'stylesheet' || response.url().endsWith('.css')) {
        stylesheets.push(stylesheetName(response.url()));
      }
    });
    await page.goto('/');
    await expectShellReady(page);
    await expect(page.locator(`.site-shell--${theme}`).count()).resolves.toBe(1);

    const own = stylesheets.filter((name) => name.startsWith(`${theme}-`));
    const others = stylesheets.filter((name) =>
      THEMES.some((other) => other !== theme && name.startsWith(`${other}-`)),
    );
    expect(own, `stylesheets fetched: ${stylesheets.join(', ')}`).toHaveLength(1);
    expect(others).toEqual([]);

    const folder = path.join(ARTIFACTS_DIR, 'themes');
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${theme}.png`), fullPage: true });
  });

  it.each(CULTURES)('has no axe violations on any shell page in %s', async (culture) => {
    const { page } = session;
    const texts = await cultureTexts(server.url, culture);
    const failures: string[] = [];
    await walkShellPages(page, await shellPages(server.url), texts, async (shellPage) => {
      const { violations } = await runAxe(page);
      if (violations.length > 0) {
        failures.push(
          `${shellPage.path} (${theme}, ${culture}):\n${describeViolations(violations)}`,
        );
      }
    });
    expect(failures.join('\n'), 'axe violations').toBe('');
  });
});
