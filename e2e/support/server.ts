import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, DEMO_CASE, REPO_ROOT, SERVER_ENTRY } from './paths';

export interface ServerOptions {
  /** Names the server's log file under e2e/artifacts/. */
  name: string;
  /** The case folder the server runs; the demo case when absent. */
  caseDir?: string;
  /** Extra environment for the server process (fake provider URLs and the like). */
  env?: Record<string, string>;
  /**
   * The loopback port to listen on, for a server whose environment names its own address
   * (PUBLIC_ORIGIN); a free one when absent.
   */
  port?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  caseDir: string;
  stop(): Promise<void>;
  /** Ends the process at once with SIGKILL, as a machine dying would (then cleans up). */
  kill(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe socket'));
      });
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilServing(
  url: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `the server exited with code ${String(child.exitCode)} before serving:\n${log()}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/cultures`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the server did not answer GET ${url}/api/cultures within ${START_TIMEOUT_MS} ms:\n${log()}`,
  );
}

/**
 * Starts the real server (apps/server/src/server.ts, as `npm start` does) on a free loopback port
 * with a fresh data folder, and waits until it answers.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), `claims-e2e-${options.name}-`));
  const caseDir = options.caseDir ?? DEMO_CASE;
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const logFile = createWriteStream(path.join(ARTIFACTS_DIR, `server-${options.name}.log`));
  let recent = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CASE_DIR: caseDir,
      // Always SQLite in a fresh folder, even where the shell has a DATABASE_URL.
      DATABASE_URL: '',
      // Every browser of the suite comes from 127.0.0.1, so the per-address request limits
      // (tested by the server's own suite) would count the whole run as one visitor.
      RATE_LIMIT_AUTHORIZE: '0',
      RATE_LIMIT_STATUS: '0',
      RATE_LIMIT_CAPTCHA: '0',
      RATE_LIMIT_SESSION: '0',
      // For the same reason, the captcha's work must not rise with the run's claims.
      CAPTCHA_FRICTION: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer): void => {
    logFile.write(chunk);
    recent = (recent + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    logFile.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(url, child, () => recent);
  } catch (error) {
    await stop();
    throw error;
  }
  const kill = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stop();
  };
  return { url, port, dataDir, caseDir, stop, kill };
}
