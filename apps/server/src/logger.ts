import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs carry the method, the route (never the query string), the status and the
 * time taken: no headers, so no cookies or CSRF tokens, and no bodies, so no PINs, captcha
 * tokens or claimant data. Errors keep their type, code, message and stack only (a database
 * error's detail can quote the row it refused).
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    serializers: {
      req(request: { method: string; url: string; routeOptions?: { url?: string | undefined } }) {
        return {
          method: request.method,
          url: request.routeOptions?.url ?? request.url.split('?')[0],
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err(error: Error & { code?: unknown; statusCode?: unknown }) {
        return {
          type: error.name,
          code: error.code,
          statusCode: error.statusCode,
          message: error.message,
          stack: error.stack ?? '',
        };
      },
    },
  };
}
