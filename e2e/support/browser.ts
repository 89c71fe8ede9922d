import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { ARTIFACTS_DIR } from './paths';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught page errors and console errors seen so far in this test. */
  readonly pageErrors: readonly string[];
}

export interface BrowserSessionOptions {
  /** The origin the pages are opened on; the shared demo server when absent. */
  baseUrl?: () => string;
  contextOptions?: BrowserContextOptions;
  /** Runs on each new context before its page opens (routes, clock, init scripts). */
  prepare?: (context: BrowserContext) => Promise<void>;
  /**
   * One context for the whole file instead of one per test: for a scenario whose tests are
   * the steps of one visit, run in order (each page of a journey).
   */
  sharedContext?: boolean;
}

function artifactName(testName: string): string {
  return testName
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * One Chromium per test file and a fresh context (cookies, storage) per test. Relative
 * page.goto paths resolve against the server's origin. A failed test leaves a screenshot
 * under e2e/artifacts/failures/.
 */
export function useBrowser(options: BrowserSessionOptions = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];

  const openContext = async (): Promise<void> => {
    if (!browser) throw new Error('the browser did not start');
    pageErrors = [];
    context = await browser.newContext({
      baseURL: options.baseUrl?.() ?? inject('baseUrl'),
      ...options.contextOptions,
    });
    // Nothing leaves the machine: any address but loopback is refused unless a test routes it.
    await context.route(
      (url) => !LOOPBACK_HOSTS.has(url.hostname),
      (route) => route.abort('blockedbyclient'),
    );
    await options.prepare?.(context);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // Chromium asks every site for a favicon; the site declares none.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) {
        pageErrors.push(`console error: ${message.text()} (${message.location().url})`);
      }
    });
  };

  const closeContext = async (): Promise<void> => {
    await context?.close();
    context = undefined;
    page = undefined;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    if (options.sharedContext) await openContext();
  });

  afterAll(async () => {
    await closeContext();
    await browser?.close();
  });

  beforeEach(async () => {
    if (!options.sharedContext) await openContext();
  });

  afterEach(async (testContext) => {
    const result = testContext.task.result;
    if (page && result?.state === 'fail') {
      const folder = path.join(ARTIFACTS_DIR, 'failures');
      mkdirSync(folder, { recursive: true });
      await page
        .screenshot({
          path: path.join(folder, `${artifactName(testContext.task.name)}.png`),
          fullPage: true,
        })
        .catch(() => undefined);
    }
    if (!options.sharedContext) await closeContext();
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside a test`);
    return value;
  };

  return {
    get browser() {
      return required(browser, 'the browser');
    },
    get context() {
      return required(context, 'the browser context');
    },
    get page() {
      return required(page, 'the page');
    },
    get pageErrors() {
      return pageErrors;
    },
  };
}
