import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURGE_INTERVAL_MS, schedulePurge } from './purge-timer';

let app: FastifyInstance;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  app = Fastify({ logger: false });
});
afterEach(async () => {
  await app.close();
  vi.useRealTimers();
});

describe('schedulePurge', () => {
  it('purges once per interval, not at once', async () => {
    const purge = vi.fn(async () => undefined);
    schedulePurge(app, purge, 'purging failed');
    expect(purge).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * PURGE_INTERVAL_MS);
    expect(purge).toHaveBeenCalledTimes(2);
  });

  it('logs a failed purge as a warning and purges again at the next interval', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    const failure = new Error('database is away');
    const purge = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    schedulePurge(app, purge, 'purging spent tokens failed', 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(warn).toHaveBeenCalledWith({ err: failure }, 'purging spent tokens failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(purge).toHaveBeenCalledTimes(2);
  });

  it('stops purging once the app is closed', async () => {
    const purge = vi.fn(async () => undefined);
    schedulePurge(app, purge, 'purging failed', 1000);
    await app.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(purge).not.toHaveBeenCalled();
  });
});
