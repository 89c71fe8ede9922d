import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { authorizePath } from '@claims/core/contract/api';
import type { Challenge } from 'altcha-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveAltcha } from '../../test-fakes/altcha-solver';
import { startServerProcess } from '../test/server-process';
import { demoRows } from '../test/test-app';
import { shutdown } from './shutdown';

/** A stand-in for the app whose close ends when the test says. */
function fakeApp() {
  let finish: (error?: Error) => void = () => undefined;
  const closed = new Promise<void>((resolve, reject) => {
    finish = (error) => (error === undefined ? resolve() : reject(error));
  });
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return {
    app: {
      close: vi.fn(() => closed),
      log,
      server: { closeIdleConnections: vi.fn() },
    } as unknown as Parameters<typeof shutdown>[0],
    finish: (error?: Error) => finish(error),
  };
}

describe('shutdown', () => {
  afterEach(() => vi.useRealTimers());

  it('closes the app once and exits with 0 when it has closed', async () => {
    const { app, finish } = fakeApp();
    const exit = vi.fn();
    shutdown(app, { timeoutMs: 1000, exit })('SIGTERM');
    expect(app.close).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
  });

  it('exits with 1 when closing outlasts the timeout', () => {
    vi.useFakeTimers();
    const { app } = fakeApp();
    const exit = vi.fn();
    shutdown(app, { timeoutMs: 1000, exit })('SIGTERM');
    vi.advanceTimersByTime(999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits with 1 at once on a second signal', () => {
    const { app } = fakeApp();
    const exit = vi.fn();
    const stop = shutdown(app, { timeoutMs: 60_000, exit });
    stop('SIGTERM');
    stop('SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
    expect(app.close).toHaveBeenCalledTimes(1);
  });
});

/** A browser's first steps over HTTP: a session with its CSRF token, and a solved captcha. */
async function prepareAuthorize(origin: string) {
  const csrf = await fetch(`${origin}/api/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { requestToken } = (await csrf.json()) as { requestToken: string };
  const challenge = await fetch(`${origin}/api/captcha/challenge`, { headers: { cookie } });
  const solved = await solveAltcha((await challenge.json()) as Challenge);
  return { cookie, requestToken, captcha: solved };
}

describe('the server process on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections and exits with 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'claims-shutdown-'));
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    const { child, port } = server;
    try {
      const origin = `http://127.0.0.1:${port}`;
      const { cookie, requestToken, captcha } = await prepareAuthorize(origin);
      const [member] = await demoRows('class-list.csv');
      const body = JSON.stringify({
        credentials: { noticeId: member!.NoticeId, pin: '000000' },
        reCaptchaResponse: captcha,
      });

      // An authorize whose body arrives slowly: half before the signal, half after.
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      const ended = new Promise((resolve) => socket.once('close', resolve));
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST ${authorizePath('Standard')} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cookie: ${cookie}\r\nX-CSRF-Token: ${requestToken}\r\n\r\n${body.slice(0, half)}`,
      );
      await sleep(300);
      child.kill('SIGTERM');
      await sleep(500);
      expect(child.exitCode).toBeNull();
      await expect(fetch(`${origin}/api/health`)).rejects.toThrow();

      socket.write(body.slice(half));
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"authorized":false');
      expect(await server.exited()).toBe(0);
    } finally {
      await server.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
