import puppeteer, { type Browser } from 'puppeteer-core';
import { mapLimit } from './claimant-pool';
import { ASSET_PREFIX } from './web-sizes';

export interface RouteLoad {
  route: string;
  /** The path the page ended on, after any redirect by the route guards. */
  finalPath: string;
  /** Paths under /app/dist/ the page requested, in order. */
  assets: string[];
}

/** Pages loaded at once; which files a page requests does not depend on how fast it loads. */
const CONCURRENT_PAGES = 3;

async function loadRoute(
  browser: Browser,
  baseUrl: string,
  route: string,
  cookie: string,
): Promise<RouteLoad> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (cookie !== '') await page.setExtraHTTPHeaders({ cookie });
    const assets: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(ASSET_PREFIX)) assets.push(url.pathname);
    });
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle0', timeout: 60_000 });
    return { route, finalPath: new URL(page.url()).pathname, assets };
  } finally {
    await context.close();
  }
}

/**
 * Opens each route in its own fresh browser context (no cache, no storage) and records every
 * file of the web build the page requests until the network is idle: index.html's entry and
 * the lazy chunks and stylesheets the route pulls in at run time (its page, its theme's
 * stylesheet, the captcha widget). The browser is the authority on what a route needs.
 */
export async function loadRoutes(
  devtoolsPort: number,
  baseUrl: string,
  routes: readonly string[],
  cookie: string,
): Promise<RouteLoad[]> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${devtoolsPort}` });
  try {
    return await mapLimit(routes, CONCURRENT_PAGES, (route) =>
      loadRoute(browser, baseUrl, route, cookie),
    );
  } finally {
    await browser.disconnect();
  }
}
