import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/ready';

/** How long one dependency may take to answer before it counts as failed. */
const CHECK_TIMEOUT_MS = 3000;

type CheckResult = 'ok' | 'failed' | 'timeout';

/** A dependency the instance needs to serve claimants, and how to see that it answers. */
interface Dependency {
  name: string;
  check: () => Promise<unknown>;
}

function dependencies(app: FastifyInstance): Dependency[] {
  return [
    { name: 'database', check: () => sql`select 1`.execute(app.db) },
    { name: 'documents', check: () => app.documents.check() },
    { name: 'jobs', check: () => app.jobs.counts() },
  ];
}

async function run(dependency: Dependency): Promise<{ result: CheckResult; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([dependency.check().then(() => 'ok' as const), timedOut]);
    return { result: outcome };
  } catch (error) {
    return { result: 'failed', error };
  } finally {
    clearTimeout(timer);
  }
}

const healthResponse = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

const readyResponse = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string' },
    checks: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/**
 * GET /api/health: the process answers (liveness; it touches nothing else, so a database
 * outage does not get every instance restarted). GET /api/ready: the database, the document
 * store and the job queue answer within 3 s each; 503 names the one
 * that did not. The reasons are logged, never answered (docs/deploy.md#health).
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    HEALTH_PATH,
    { schema: { response: { 200: healthResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );

  app.get(
    READY_PATH,
    { schema: { response: { 200: readyResponse, 503: readyResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = dependencies(app);
      const outcomes = await Promise.all(found.map(run));
      const checks: Record<string, CheckResult> = {};
      found.forEach((dependency, index) => {
        const { result, error } = outcomes[index]!;
        checks[dependency.name] = result;
        if (result !== 'ok') {
          request.log.warn({ dependency: dependency.name, result, err: error }, 'not ready');
        }
      });
      const ready = Object.values(checks).every((result) => result === 'ok');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', checks });
    },
  );
};

export default healthRoutes;
