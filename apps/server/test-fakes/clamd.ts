import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real clamd (Debian's clamav-daemon) for tests, listening on a loopback port with one local
 * signature that detects the EICAR test string: no signature download, nothing shared with a
 * system clamd. .ci/run installs clamav-daemon; set CLAMD_PATH if clamd lives elsewhere.
 */

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const EICAR_SIGNATURE = 'Claims.Test.EICAR.UNOFFICIAL';

/** A small PDF whose body carries the EICAR test string. */
export function eicarPdf(): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj\n(${EICAR})\nendobj\n%%EOF\n`, 'latin1');
}

export interface TestClamd {
  /** CLAMD_URL for the server. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const CLAMD_CANDIDATES = ['/usr/sbin/clamd', '/usr/bin/clamd'];

function clamdPath(): string {
  const found = [process.env.CLAMD_PATH, ...CLAMD_CANDIDATES].find(
    (candidate): candidate is string => candidate !== undefined && existsSync(candidate),
  );
  if (found === undefined)
    throw new Error(
      'clamd not found: install Debian clamav-daemon (apt-get install clamav-daemon) or set CLAMD_PATH',
    );
  return found;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('zPING\0'));
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer.startsWith('PONG')));
    socket.on('error', () => resolve(false));
  });
}

export async function startTestClamd(): Promise<TestClamd> {
  const binary = clamdPath();
  const dir = await mkdtemp(path.join(tmpdir(), 'claims-clamd-'));
  const port = await freePort();
  const hex = Buffer.from(EICAR, 'latin1').toString('hex');
  await writeFile(path.join(dir, 'claims-test.ndb'), `Claims.Test.EICAR:0:*:${hex}\n`);
  await writeFile(
    path.join(dir, 'clamd.conf'),
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${dir}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      'StreamMaxLength 30M',
      'SelfCheck 0',
      ...(process.getuid?.() === 0 ? ['User root'] : []),
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-c', path.join(dir, 'clamd.conf')], {
    stdio: 'ignore',
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async (): Promise<void> => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!(await ping(port))) {
    if (exited || Date.now() - started > 30_000) {
      await stop();
      throw new Error(`clamd did not start on port ${port} (log in ${dir}/clamd.log)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `tcp://127.0.0.1:${port}`, port, stop };
}
