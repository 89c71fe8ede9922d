import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ServerMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts of what the server does, for Prometheus (ops/metrics.ts). */
    metrics: ServerMetrics;
  }
}

export const METRICS_PATH = '/metrics';

export interface MetricsPluginOptions {
  /** The bearer token a scrape must present; absent means no metrics are served. */
  token: string | undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function presentsToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

/**
 * The metrics every part of the server counts into, and, with a token, GET /metrics in
 * Prometheus's text format (docs/deploy.md#metrics). The job queue's gauges are read at each
 * scrape, so the queue may be registered after this plugin.
 */
export default fp<MetricsPluginOptions>(
  async (app, options) => {
    const metrics = new ServerMetrics();
    app.decorate('metrics', metrics);
    const { token } = options;
    if (token === undefined) return;

    metrics.collectProcessMetrics();
    metrics.watchJobs(() => app.jobs.counts());
    const expected = digest(token);
    app.get(METRICS_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!presentsToken(request, expected)) {
        reply.header('www-authenticate', 'Bearer');
        return reply.code(401).send({ error: 'a valid metrics token is required' });
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics' },
);
