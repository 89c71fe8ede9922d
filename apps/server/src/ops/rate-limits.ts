import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { API_PATHS, authorizePath } from '@claims/core/contract/api';
import { FORM_TYPES } from '@claims/core/form-types';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '../case/server-messages';
import { HttpError } from '../http-error';
import { ALTCHA_CHALLENGE_PATH } from '../routes/altcha-routes';
import { sessionCulture } from '../services/session-store';
import { RATE_LIMITED, type RateLimited, type RateLimitSettings } from './ops-config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Counts the route's requests per client address against this limit: set it on a route
     * the table below does not name (a claim status lookup is counted as 'status').
     */
    rateLimited?: RateLimited;
  }
}

/** The routes limited by their method and path. */
const LIMITED_ROUTES: ReadonlyMap<string, RateLimited> = new Map([
  ...FORM_TYPES.map((formType) => [`POST ${authorizePath(formType)}`, 'authorize'] as const),
  [`GET ${API_PATHS.csrf}`, 'session'],
  [`GET ${ALTCHA_CHALLENGE_PATH}`, 'captcha'],
]);

export interface RateLimitsOptions {
  settings: RateLimitSettings;
  /** Counts are kept there, shared by every instance; absent means in this process's memory. */
  redisUrl: string | undefined;
  /** Starts every Redis key, so several sites can share one Redis. */
  redisKeyPrefix: string;
}

async function connectRedis(url: string): Promise<Redis> {
  // No offline queue: while Redis is unreachable a count fails at once and the request passes.
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL cannot be reached: ${(error as Error).message}`);
  }
  return redis;
}

function methods(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** The limit a route is counted against, if any. */
function limitOf(route: RouteOptions): RateLimited | undefined {
  if (route.config?.rateLimited !== undefined) return route.config.rateLimited;
  for (const method of methods(route)) {
    const limited = LIMITED_ROUTES.get(`${method} ${route.url}`);
    if (limited !== undefined) return limited;
  }
  return undefined;
}

function addOnRequest(route: RouteOptions, hook: onRequestAsyncHookHandler): void {
  const existing = route.onRequest;
  route.onRequest = [...(existing === undefined ? [] : [existing].flat()), hook];
}

/**
 * Per-address limits on the requests a bot repeats (docs/deploy.md#rate-limits): authorize,
 * status lookups, captcha challenges and session creation, each counted over its own window.
 * The PIN lockouts per ID and address are a different defence and stay in the database. When
 * the counts cannot be read (Redis unreachable), requests pass and a warning is logged once a
 * minute: a limit is not worth turning claimants away. Registered before the routes.
 */
export default fp<RateLimitsOptions>(
  async (app, options) => {
    const redis = options.redisUrl === undefined ? undefined : await connectRedis(options.redisUrl);
    if (redis !== undefined) {
      // quit() fails while Redis is out of reach: then drop the connection and its retries.
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: false,
      skipOnError: false,
      ...(redis === undefined ? {} : { redis, nameSpace: `${options.redisKeyPrefix}rate-limit:` }),
    });

    const { windowSeconds, max } = options.settings;
    const limiters = new Map(
      RATE_LIMITED.filter((limited) => max[limited] > 0).map((limited) => [
        limited,
        app.createRateLimit({
          max: max[limited],
          timeWindow: windowSeconds * 1000,
          keyGenerator: (request) => `${limited}:${normalizeIP(request.ip)}`,
        }),
      ]),
    );
    let lastWarning = 0;

    const limit = (limited: RateLimited, count: NonNullable<ReturnType<typeof limiters.get>>) =>
      async function rateLimitHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
        let result: Awaited<ReturnType<typeof count>>;
        try {
          result = await count(request);
        } catch (error) {
          if (Date.now() - lastWarning > 60_000) {
            lastWarning = Date.now();
            request.log.warn({ err: error }, 'rate limits cannot be counted; requests pass');
          }
          return;
        }
        if (result.isAllowed || !result.isExceeded) return;
        app.metrics.rateLimited(limited);
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        const culture = sessionCulture(app.claimsCase, request.session);
        // Through the error handler, so the body has the route's error shape.
        throw new HttpError(
          429,
          app.claimsCase.message(culture, SERVER_MESSAGES.tooManyRequests, {
            seconds: String(seconds),
          }),
        );
      };

    app.addHook('onRoute', (route) => {
      const limited = limitOf(route);
      const count = limited === undefined ? undefined : limiters.get(limited);
      if (limited !== undefined && count !== undefined) addOnRequest(route, limit(limited, count));
    });
  },
  { name: 'rate-limits', dependencies: ['metrics'] },
);
