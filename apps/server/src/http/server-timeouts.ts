import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** How long the HTTP server waits for a client, and how long it keeps a connection. */
export interface ServerTimeouts {
  /** The longest a whole request (headers and body) may take to arrive. */
  requestMs: number;
  /** The longest the request's headers may take to arrive. */
  headersMs: number;
  /** A connection on which nothing arrives or leaves for this long is closed. */
  bodyIdleMs: number;
  /** How long an idle keep-alive connection is kept between two requests. */
  keepAliveMs: number;
  /** Requests one connection may carry before the server closes it; 0 means no limit. */
  maxRequestsPerSocket: number;
}

/**
 * Node checks the request and header deadlines of all connections on a timer (30 s by
 * default), so a deadline can be overrun by up to one period; a shorter period keeps that
 * overrun small next to the deadlines themselves.
 */
const MAX_CHECKING_INTERVAL_MS = 5_000;

/**
 * Fastify's server options for these timeouts. A stalled upload (a client that stops sending
 * mid-body) is cut by the idle timeout: the socket is destroyed, the body's parser ends with
 * an error and the submit removes what it had stored.
 */
export function serverTimeoutOptions(
  timeouts: ServerTimeouts,
): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'maxRequestsPerSocket'
> & { http: ServerOptions } {
  return {
    connectionTimeout: timeouts.bodyIdleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    maxRequestsPerSocket: timeouts.maxRequestsPerSocket,
    http: {
      // Node refuses a header deadline beyond the request deadline when the server is made,
      // before Fastify sets its own requestTimeout, so both are given here too.
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, timeouts.headersMs),
    },
  };
}
