import type { FastifyInstance } from 'fastify';

/** How often stores drop what has expired, unless they say otherwise. */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Runs `purge` every `intervalMs` while the app is open. A failed purge is logged as a warning
 * with `failure` and tried again at the next tick; the timer never keeps the process alive.
 */
export function schedulePurge(
  app: FastifyInstance,
  purge: () => Promise<unknown>,
  failure: string,
  intervalMs = PURGE_INTERVAL_MS,
): void {
  const timer = setInterval(() => {
    purge().catch((error: unknown) => {
      app.log.warn({ err: error }, failure);
    });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
