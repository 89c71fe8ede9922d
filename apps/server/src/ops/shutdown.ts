import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** The longest the server waits for requests and jobs in flight; then it exits with 1. */
  timeoutMs: number;
  /** How the process ends (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * Stops the server cleanly on SIGTERM or SIGINT (docs/deploy.md#shutdown): it stops accepting
 * connections and answers 503 to requests that arrive on open ones (so /api/ready fails and the
 * proxy sends elsewhere), finishes the requests in flight, lets the job queue finish its running
 * jobs, closes the database and exits with 0. A second signal, or the timeout, exits with 1 at
 * once: jobs still running are then run again elsewhere once their leases expire.
 */
export function stopOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const stop = shutdown(app, options);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** What one signal does: the first stops the server, a second exits at once. */
export function shutdown(
  app: Pick<FastifyInstance, 'close' | 'log' | 'server'>,
  options: ShutdownOptions,
): (signal: NodeJS.Signals) => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing the requests and jobs in flight');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: options.timeoutMs }, 'shutdown timed out: exiting');
      exit(1);
    }, options.timeoutMs);
    timer.unref();
    // A keep-alive connection whose request was in flight stays open once answered, which
    // would hold the close until the client or the keep-alive timeout ends it: close each
    // connection as soon as it falls idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.close().then(
      () => {
        clearInterval(sweep);
        clearTimeout(timer);
        app.log.info('shut down');
        exit(0);
      },
      (error: unknown) => {
        clearInterval(sweep);
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  return stop;
}
