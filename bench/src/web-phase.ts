import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { API_PATHS } from '@claims/core/contract/api';
import { encodeSubmissionParts } from '@claims/core/contract/submission-encoding';
import { FIXED_ROUTES, ROUTES } from '@claims/core/routes';
import puppeteer from 'puppeteer-core';
import { createBenchmarkCase, type BenchmarkCase } from './benchmark-case';
import { chunkName, filesComposition, type Contribution } from './bundle-composition';
import { repairInvoice } from './claim-builder';
import { DEMO_CASE, REPO_ROOT, TMP, WEB_DIST } from './bench-paths';
import { launchChromium } from './chromium';
import { credentialsOf, standardClaimAfterSignIn } from './claimant-pool';
import { ClaimantSession } from './claimant-session';
import { runLighthouse, runSnapshot, type LighthouseFigures } from './lighthouse-audit';
import { errorText, log } from './progress';
import { encodeMultipart } from './multipart-body';
import { loadRoutes } from './route-assets';
import { startClaimsServer } from './servers';
import { BuildSizes, heaviestRoute, type RouteSizes, type ThemeSizes } from './web-sizes';

export const THEMES = ['jnd-7-0-default', 'ftc-7-0-default', 'jnd-9-0-kontent'] as const;
/** The theme of cases/demo: every route is loaded in it, and Lighthouse runs on it. */
export const MAIN_THEME = 'jnd-7-0-default';
/** The landing routes: the Standard form's, and the site root (the Automotive form's). */
export const LANDING_ROUTES = ['/standard', '/'];
/**
 * The pages Lighthouse audits, and the session each is opened with: none (a first visit), one
 * that has authorized the form, or one that has filed a claim with it (the confirmation page
 * shows that claim's reference code; without one it is the site's error page).
 */
export const LIGHTHOUSE_PAGES = [
  { page: 'Standard landing page', path: '/standard', session: 'none' },
  { page: 'Standard form page', path: '/standard/claimant-info', session: 'authorized' },
  { page: 'Standard confirmation page', path: '/standard/confirmation', session: 'filed' },
] as const;

/** The form page Lighthouse also audits as the claimant reaches it: through the landing page. */
export const IN_APP_FORM_PAGE = '/standard/claimant-info';

/**
 * Authorizes on the Standard landing page the way a claimant does (Notice ID, PIN, the
 * button; the captcha widget solves its challenge in the page) and audits the form page it
 * leads to. A cold load of a form page ends on /session-expired, since the browser keeps
 * which forms are authorized in memory, so this is the only way Lighthouse sees the page.
 */
async function snapshotFormPageInApp(
  devtoolsPort: number,
  baseUrl: string,
  benchCase: BenchmarkCase,
): Promise<LighthouseFigures> {
  const content = JSON.parse(
    readFileSync(path.join(benchCase.dir, 'content', 'en.json'), 'utf8'),
  ) as Record<string, string>;
  const label = (key: string) => {
    const text = content[key];
    if (text === undefined) throw new Error(`the case's English content has no ${key}`);
    return text;
  };
  const member = benchCase.classList.members[1];
  if (member === undefined) throw new Error('the case has fewer than two class members');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${devtoolsPort}` });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(new URL('/standard', baseUrl).href, {
      waitUntil: 'networkidle0',
      timeout: 60_000,
    });
    await page.locator(`::-p-aria(${label('LocKey_Field_NoticeId')})`).fill(member.noticeId);
    await page.locator(`::-p-aria(${label('LocKey_Field_Pin')})`).fill(member.pin);
    await page.locator(`::-p-aria(${label('LocKey_Button_StartClaim')}[role="button"])`).click();
    await page.waitForFunction(`location.pathname === ${JSON.stringify(IN_APP_FORM_PAGE)}`, {
      timeout: 30_000,
    });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
    return await runSnapshot(page, 'Standard form page, reached in the app');
  } finally {
    await context.close();
    await browser.disconnect();
  }
}

/** Every route of docs/behaviour.md#routes (packages/core's route table) but the catch-all. */
export function surveyedRoutes(): string[] {
  return ROUTES.filter((route) => route !== FIXED_ROUTES.catchAll).map((route) => route.path);
}

/** Forgets the cookies of Chromium's default profile, where Lighthouse opens its pages. */
async function clearBrowserCookies(devtoolsPort: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${devtoolsPort}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** A session authorized for Standard and, when the member's VIN is eligible, Automotive. */
async function authorizedSession(
  baseUrl: string,
  benchCase: BenchmarkCase,
): Promise<ClaimantSession> {
  const session = new ClaimantSession(baseUrl);
  await session.start();
  const member = benchCase.classList.members[0];
  if (member === undefined) throw new Error('the case has no class members');
  await session.authorize('Standard', credentialsOf(member), await session.solveCaptcha());
  const vin = member.values.Vin;
  if (vin !== undefined && vin !== '') {
    try {
      await session.authorize('Automotive', { vin }, await session.solveCaptcha());
    } catch (error) {
      log(
        `  Automotive authorization failed, so its pages show what an unauthorized claimant sees: ${errorText(error)}`,
      );
    }
  }
  return session;
}

/**
 * A session that has filed a Standard claim as the class list's third member, as a claimant's
 * has who reloads the confirmation page: the page shows the claim's reference code.
 */
async function filedSession(baseUrl: string, benchCase: BenchmarkCase): Promise<ClaimantSession> {
  const member = benchCase.classList.members[2];
  if (member === undefined) throw new Error('the case has fewer than three class members');
  const session = new ClaimantSession(baseUrl);
  await session.start();
  const credentials = credentialsOf(member);
  const answer = await session.authorize('Standard', credentials, await session.solveCaptcha());
  const configs = (await session.getJson(API_PATHS.formsConfig)) as RemoteModelConfig[];
  const signature = (await session.getJson(`${API_PATHS.signatureDate}?culture=en`)) as {
    date: string;
  };
  const payload = await standardClaimAfterSignIn(session, credentials, answer, {
    configs,
    signatureDate: signature.date,
    documents: [repairInvoice(20_000)],
  });
  const filed = await session.submit('Standard', encodeMultipart(encodeSubmissionParts(payload)));
  if (filed.referenceCodeForm === null) throw new Error('the submit answered no reference code');
  return session;
}

export interface RouteComposition {
  route: string;
  /** Minified bytes of the route's JavaScript, by package or project folder. */
  contributions: Contribution[];
  totalBytes: number;
}

export interface WebPhaseFigures {
  themes: ThemeSizes[];
  /** What the main theme's landing and heaviest routes' JavaScript is made of. */
  compositions: RouteComposition[];
  /** Themes that could not be measured, and why. */
  themeFailures: { theme: string; reason: string }[];
  lighthouse: LighthouseFigures[] | { reason: string } | undefined;
}

/**
 * Keeps a copy of the web build made at the start of the run (so a rebuild meanwhile cannot
 * pull files from under it). For each theme it starts the server on a copy of the demo case
 * in that theme and loads routes in Chromium, sizing the files each one requests: every route
 * in the demo's theme, and in the other themes the landing routes and the heaviest route
 * (a theme changes the layout and stylesheet every route shares, not which page is heaviest).
 * On the demo's theme it also runs Lighthouse on the three pages.
 */
export async function webPhase(options: {
  sizes: boolean;
  lighthouse: boolean;
  captchaMaxNumber: number;
}): Promise<WebPhaseFigures> {
  // The build of buildProduct() at the start of the run, with its precompressed copies. Named dist so the repository's lint and format ignores skip it like apps/web/dist.
  const webDist = path.join(TMP, 'dist');
  rmSync(webDist, { recursive: true, force: true });
  cpSync(WEB_DIST, webDist, { recursive: true });
  // The landing pages' snapshot renderer goes beside the build, where the server looks for it.
  const snapshotDist = path.join(TMP, 'dist-snapshot');
  rmSync(snapshotDist, { recursive: true, force: true });
  cpSync(path.join(path.dirname(WEB_DIST), 'dist-snapshot'), snapshotDist, { recursive: true });
  const buildSizes = new BuildSizes(webDist);

  const chrome = await launchChromium();
  const figures: WebPhaseFigures = {
    themes: [],
    compositions: [],
    themeFailures: [],
    lighthouse: undefined,
  };
  let otherThemeRoutes = LANDING_ROUTES;
  try {
    for (const theme of THEMES) {
      const main = theme === MAIN_THEME;
      if (!options.sizes && !(options.lighthouse && main)) continue;
      const themeCase = createBenchmarkCase({
        sourceDir: DEMO_CASE,
        targetDir: path.join(TMP, `case-${theme}`),
        captchaMaxNumber: options.captchaMaxNumber,
        theme,
      });
      const server = await startClaimsServer({
        name: `server-${theme}`,
        caseDir: themeCase.dir,
        dataDir: path.join(TMP, `data-${theme}`),
        webDist,
      });
      try {
        const session = await authorizedSession(server.url, themeCase);
        if (options.sizes) {
          const routes = main ? surveyedRoutes() : otherThemeRoutes;
          log(`web build sizes, theme ${theme}: loading ${routes.length} routes`);
          try {
            const loads = await loadRoutes(chrome.port, server.url, routes, session.cookie);
            const measured: RouteSizes[] = loads.map((load) => ({
              route: load.route,
              finalPath: load.finalPath,
              sizes: buildSizes.summarise(load.assets),
            }));
            const heaviest = heaviestRoute(measured);
            figures.themes.push({
              theme,
              surveyed: main
                ? 'every route'
                : `the landing routes and ${MAIN_THEME}'s heaviest route`,
              routes: measured,
              heaviest,
            });
            if (main) otherThemeRoutes = [...new Set([...LANDING_ROUTES, heaviest.route])];
          } catch (error) {
            figures.themeFailures.push({
              theme,
              reason: errorText(error).split('\n')[0] ?? 'unknown error',
            });
            log(`  theme ${theme} could not be measured: ${errorText(error)}`);
          }
        }
        if (options.lighthouse && main) {
          try {
            const pages: LighthouseFigures[] = [];
            for (const page of LIGHTHOUSE_PAGES) {
              log(`Lighthouse: ${page.page} (${page.path})`);
              const url = new URL(page.path, server.url).href;
              // Each page opens as a first visit, or with a session of its own that has
              // authorized the form or filed a claim: a cookie the browser kept from an earlier
              // page would go with the request in place of the session's, and the page would be
              // measured as the session-expired page it then sends the claimant to.
              await clearBrowserCookies(chrome.port);
              const session =
                page.session === 'authorized'
                  ? await authorizedSession(server.url, themeCase)
                  : page.session === 'filed'
                    ? await filedSession(server.url, themeCase)
                    : undefined;
              const cookie = session?.cookie ?? '';
              pages.push(await runLighthouse(chrome.port, page.page, url, cookie));
            }
            log(
              `Lighthouse: Standard form page reached in the app (${IN_APP_FORM_PAGE}, snapshot)`,
            );
            pages.push(await snapshotFormPageInApp(chrome.port, server.url, themeCase));
            figures.lighthouse = pages;
          } catch (error) {
            figures.lighthouse = { reason: errorText(error).split('\n')[0] ?? 'unknown error' };
            log(`  Lighthouse failed: ${errorText(error)}`);
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    chrome.kill();
  }
  const main = figures.themes.find((theme) => theme.theme === MAIN_THEME);
  if (main !== undefined) {
    log('what the JavaScript is made of (a source-mapped build of the same sources)');
    figures.compositions = compositions(main);
  }
  return figures;
}

/** npm run build of apps/web, always a production build whatever NODE_ENV the caller has. */
function buildWeb(extraArgs: readonly string[]): void {
  execFileSync(
    'npm',
    [
      'run',
      'build',
      '--workspace',
      '@claims/web',
      ...(extraArgs.length === 0 ? [] : ['--', ...extraArgs]),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/**
 * The landing and heaviest routes' JavaScript by source, from a second build with source
 * maps (into bench/.tmp, apps/web/dist untouched); chunks are matched by name, since the
 * source-map comment changes their hashes.
 */
function compositions(theme: ThemeSizes): RouteComposition[] {
  const mapped = path.join(TMP, 'sourcemaps', 'dist');
  rmSync(mapped, { recursive: true, force: true });
  buildWeb(['--outDir', mapped, '--emptyOutDir', '--sourcemap']);
  const assets = path.join(mapped, 'assets');
  const mappedFiles = new Map(
    readdirSync(assets)
      .filter((file) => /\.m?js$/.test(file))
      .map((file) => [chunkName(file), path.join(assets, file)]),
  );
  const wanted = [
    theme.routes.find((route) => route.route === LANDING_ROUTES[0]),
    theme.heaviest,
  ].filter((route): route is RouteSizes => route !== undefined);
  // Routes that load the same files share one table.
  const byFiles = new Map<string, string[]>();
  for (const route of wanted) {
    const key = route.sizes.jsFiles.join(' ');
    const routes = byFiles.get(key) ?? [];
    if (!routes.includes(route.route)) routes.push(route.route);
    byFiles.set(key, routes);
  }
  return [...byFiles].map(([key, routes]) => {
    const files = key
      .split(' ')
      .map((file) => mappedFiles.get(chunkName(file)))
      .filter((file): file is string => file !== undefined && existsSync(`${file}.map`));
    const contributions = filesComposition(files);
    return {
      route: routes.join(' and '),
      contributions,
      totalBytes: contributions.reduce((total, item) => total + item.bytes, 0),
    };
  });
}
