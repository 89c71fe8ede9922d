import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../config';
import type { HttpBrowser } from './http-browser';
import { DEMO_CASE_DIR } from './test-app';

const SERVER_ROOT = path.join(REPO_ROOT, 'apps', 'server');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** What the process wrote so far (its log lines and any error). */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited(): Promise<number | null>;
  /** Ends the process at once (SIGKILL), as a crash or a lost machine would. */
  kill(): Promise<void>;
}

/**
 * The server as `npm start` runs it, on loopback, on a port of its own choosing, with the demo
 * case and this environment (DATA_DIR at least); resolves once it listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      CASE_DIR: DEMO_CASE_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening !== null) resolve(Number(listening[1]));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    exited: () => exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Files a Standard claim from each browser at once and kills `server` (SIGKILL) `afterMs` after
 * the first answer, while the others are still being filed; resolves, once the process is gone,
 * with the reference codes that were answered. What a crash may lose is what was not answered.
 */
export async function fileWhileKilled(
  server: ServerProcess,
  browsers: readonly HttpBrowser[],
  vin: string,
  documents: Parameters<HttpBrowser['submitStandard']>[1],
  afterMs: number,
): Promise<string[]> {
  let killed: Promise<void> | undefined;
  const outcomes = await Promise.all(
    browsers.map(async (browser) => {
      try {
        const response = await browser.submitStandard(vin, documents);
        killed ??= sleep(afterMs).then(() => server.kill());
        if (response.status !== 200) return undefined;
        return ((await response.json()) as { referenceCodeForm: string }).referenceCodeForm;
      } catch {
        return undefined;
      }
    }),
  );
  await killed;
  return outcomes.filter((code) => code !== undefined);
}
