import { spawnSync } from 'node:child_process';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { useBrowser, type BrowserSession, type BrowserSessionOptions } from './browser';
import { ensureAdminBuilt } from './build-web';
import { ADMIN_CLI, DEMO_SESSION, REPO_ROOT } from './paths';
import { startServer, type RunningServer } from './server';

/** What the server's command-line tools need of a running test server. */
export type ServerFolders = Pick<RunningServer, 'url' | 'dataDir' | 'caseDir'>;

/** The environment the server's command-line tools need to act on a running test server. */
function serverEnvironment(server: ServerFolders): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: server.dataDir,
    CASE_DIR: server.caseDir,
    // The test servers run SQLite in their data folder (support/server.ts).
    DATABASE_URL: '',
  };
}

function runTool(server: ServerFolders, script: string, args: string[], input?: string): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: serverEnvironment(server),
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(
      `${script} ${args.join(' ')} exited ${String(result.status)}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

export interface ConsoleAccount {
  email: string;
  password: string;
  role: AdminRole;
  /** Set at enrolment: the base32 secret of the account's authenticator. */
  secret?: string;
  /** The last TOTP step used: a code is accepted once, so the next sign-in uses a later one. */
  lastStep?: number;
}

/** Creates an administrator with the server's CLI, as the README tells the first one is made. */
export function addAdministrator(server: ServerFolders, account: ConsoleAccount): void {
  runTool(
    server,
    ADMIN_CLI,
    ['user', 'add', '--email', account.email, '--role', account.role, '--password-stdin'],
    `${account.password}\n`,
  );
}

export interface ConsoleServerOptions {
  /** Names the server's log file under e2e/artifacts/. */
  name: string;
  /** The administrators made with the CLI once the server runs. */
  administrators: readonly ConsoleAccount[];
  /** Runs once they exist, before the browser opens (claims filed, another page signed in). */
  prepare?: () => Promise<void>;
  /** How the browser opens its pages on the server. */
  browser?: Omit<BrowserSessionOptions, 'baseUrl'>;
}

export interface ConsoleServer {
  /** The running server, from the file's first hook to its last. */
  readonly server: ServerFolders;
  /** A browser session opening its pages on that server. */
  readonly session: BrowserSession;
}

/**
 * A server of the test file's own (a fresh database) with the console built and the
 * administrators made, started before the file's tests and stopped after them, and a browser
 * whose hooks run after the server's, so it opens its pages on that server.
 */
export function useConsoleServer(options: ConsoleServerOptions): ConsoleServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    ensureAdminBuilt();
    running = await startServer({ name: options.name });
    for (const account of options.administrators) addAdministrator(running, account);
    await options.prepare?.();
  }, 240_000);

  afterAll(async () => {
    await running?.stop();
  });

  const started = (): RunningServer => {
    if (!running) throw new Error(`the ${options.name} server is not running`);
    return running;
  };
  const server: ServerFolders = {
    get url() {
      return started().url;
    },
    get dataDir() {
      return started().dataDir;
    },
    get caseDir() {
      return started().caseDir;
    },
  };
  return { server, session: useBrowser({ ...options.browser, baseUrl: () => server.url }) };
}

/** Files a Standard claim through the claimant API (scripts/demo-session.ts); its reference code. */
export function fileClaimThroughApi(server: ServerFolders, noticeId: string, pin: string): string {
  const output = runTool(server, DEMO_SESSION, [
    '--url',
    server.url,
    '--notice-id',
    noticeId,
    '--pin',
    pin,
  ]);
  const match = /Reference code: (\S+)/.exec(output);
  if (!match?.[1]) throw new Error(`the demo session printed no reference code:\n${output}`);
  return match[1];
}

/** A code of the account's authenticator for a step it has not used yet. */
function nextCode(account: ConsoleAccount): string {
  if (account.secret === undefined) throw new Error(`${account.email} has no authenticator yet`);
  const now = Math.floor(Date.now() / 30_000);
  const step =
    account.lastStep !== undefined && account.lastStep >= now ? account.lastStep + 1 : now;
  account.lastStep = step;
  return generateSync({ secret: account.secret, epoch: step * 30 });
}

/**
 * Signs in on the console's sign-in page as a person would: e-mail and password, then the
 * authenticator's code (enrolling it at the first sign-in, with the key the page shows).
 */
export async function signInToConsole(
  page: Page,
  account: ConsoleAccount,
  /** Runs on the code step (enrolment or code), before the code is typed: e.g. axe. */
  onCodeStep?: () => Promise<void>,
): Promise<void> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/admin/api/sign-in' &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  const body = (await (await answer).json()) as { next: string; secret?: string };
  if (body.next === 'enroll') {
    await expect(
      page.getByRole('heading', { name: 'Set up your authenticator app' }).isVisible(),
    ).resolves.toBe(true);
    account.secret = body.secret;
  } else {
    await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  }
  await onCodeStep?.();
  await page.getByLabel('6-digit code').fill(nextCode(account));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Claims queue', level: 1 }).waitFor();
}

/** Signs out through the console's own control, back to the sign-in page. */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the claims console' }).waitFor();
}
