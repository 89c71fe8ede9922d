import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@claims/core/contract/api';
import { BASELINE_PATHS } from './baseline-server';
import { BASELINE_ENTRY, REPO_ROOT, SERVER_ENTRY, TMP } from './bench-paths';
import { freePort, startProcess, type RunningProcess } from './processes';

/**
 * The secrets every claims server of this run is given, so the servers and the class-list
 * import (case-import.ts) hash PINs alike.
 */
export const RUN_SECRETS = {
  sessionSecret: randomBytes(32).toString('base64url'),
  pinPepper: randomBytes(32).toString('base64url'),
};

export interface ClaimsServerOptions {
  /** Names the log file, bench/.tmp/<name>.log. */
  name: string;
  caseDir: string;
  dataDir: string;
  /** PostgreSQL; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** Starts the server with node --cpu-prof, writing the profile here when it stops. */
  cpuProfileDir?: string;
  /** The web build it serves; apps/web/dist when absent. */
  webDist?: string;
  /** More settings (the bucket's, TRUST_PROXY), over the defaults above. */
  env?: Readonly<Record<string, string>>;
}

/**
 * The root `npm run build`, as `npm start` runs it: the web app, its precompressed .br and .gz
 * copies, and the server compiled to apps/server/dist/server.js. Always a production build,
 * whatever NODE_ENV the caller has.
 */
export function buildProduct(): void {
  execFileSync('npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The production server as `npm start` runs it (the compiled apps/server/dist/server.js, built
 * by buildProduct()): its own process, configured by the environment.
 */
export async function startClaimsServer(options: ClaimsServerOptions): Promise<RunningProcess> {
  const port = await freePort();
  mkdirSync(options.dataDir, { recursive: true });
  return startProcess({
    name: options.name,
    nodeArgs: [
      ...(options.cpuProfileDir === undefined
        ? []
        : ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir]),
      SERVER_ENTRY,
    ],
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      CASE_DIR: options.caseDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SESSION_SECRET: RUN_SECRETS.sessionSecret,
      PIN_PEPPER: RUN_SECRETS.pinPepper,
      // The load comes from one address; a deployment's per-address limits would refuse it.
      RATE_LIMIT_AUTHORIZE: '0',
      RATE_LIMIT_STATUS: '0',
      RATE_LIMIT_CAPTCHA: '0',
      RATE_LIMIT_SESSION: '0',
      // Claimants' addresses come in X-Forwarded-For, as from the proxy (claimant-pool.ts).
      TRUST_PROXY: '1',
      // The load keeps its 64 connections open, and autocannon does not honour the
      // "Connection: close" with which the server ends a socket after 1,000 requests: Node would
      // answer 503 to the rest. A browser or a proxy opens a new connection instead.
      MAX_REQUESTS_PER_SOCKET: '0',
      ...(options.webDist === undefined ? {} : { WEB_DIST: options.webDist }),
      ...options.env,
    },
    cwd: REPO_ROOT,
    logFile: path.join(TMP, `${options.name}.log`),
    readyPath: API_PATHS.cultures,
    port,
    // Importing a large class list into PostgreSQL takes a while.
    startTimeoutMs: 300_000,
  });
}

/** The bare Fastify baseline (baseline-server.ts), in its own process like the server. */
export async function startBaseline(fixtures: {
  formsConfig: unknown;
  authorizeResponse: unknown;
}): Promise<RunningProcess> {
  const port = await freePort();
  const fixturesFile = path.join(TMP, 'baseline-fixtures.json');
  writeFileSync(fixturesFile, JSON.stringify(fixtures));
  return startProcess({
    name: 'baseline',
    nodeArgs: ['--import', 'tsx', BASELINE_ENTRY],
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(TMP, 'data-baseline'),
      BASELINE_FIXTURES: fixturesFile,
    },
    cwd: REPO_ROOT,
    logFile: path.join(TMP, 'baseline.log'),
    readyPath: BASELINE_PATHS.health,
    port,
  });
}
