import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Everything the benchmark loads listens here and nowhere else. */
export const LOOPBACK = '127.0.0.1';

export interface ProcessOptions {
  /** Names the process in messages. */
  name: string;
  /** Arguments after `node`, e.g. ['--import', 'tsx', 'apps/server/src/server.ts']. */
  nodeArgs: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** The process's stdout and stderr go here. */
  logFile: string;
  /** Polled until it answers 200. */
  readyPath: string;
  port: number;
  startTimeoutMs?: number;
}

export interface RunningProcess {
  readonly name: string;
  readonly pid: number;
  readonly url: string;
  /** Resident set size now (VmRSS of /proc/<pid>/status), in bytes. */
  rssBytes(): number;
  /** SIGTERM, then SIGKILL if the process has not exited after 15 s; calling it again waits for the first. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe socket'));
      });
    });
  });
}

/** VmRSS of a /proc/<pid>/status text, in bytes. */
export function parseVmRss(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match === null)
    throw new Error('the process status has no VmRSS line (has the process exited?)');
  return Number(match[1]) * 1024;
}

export function readRss(pid: number): number {
  return parseVmRss(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a Node process (the server or the baseline) and waits until it answers. */
export async function startProcess(options: ProcessOptions): Promise<RunningProcess> {
  const url = `http://${LOOPBACK}:${options.port}`;
  const log = createWriteStream(options.logFile);
  let recent = '';
  const child = spawn(process.execPath, [...options.nodeArgs], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    recent = (recent + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} did not start`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited(child);
        clearTimeout(timer);
      }
      await new Promise<void>((resolve) => log.end(resolve));
    })();
    return stopping;
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(
        `${options.name} exited with code ${child.exitCode} before answering:\n${recent}`,
      );
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${options.name} did not answer GET ${options.readyPath} in time:\n${recent}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name: options.name, pid, url, rssBytes: () => readRss(pid), stop };
}
