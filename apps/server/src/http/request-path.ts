import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http-error';

/** Requests whose path had a malformed percent-escape, with the path as it was sent. */
const malformedPaths = new WeakMap<IncomingMessage, string>();

function splitPath(url: string): { path: string; rest: string } {
  const end = url.search(/[?#]/);
  return end === -1 ? { path: url, rest: '' } : { path: url.slice(0, end), rest: url.slice(end) };
}

/** The path as the router reads it (decodeURI), or undefined when it cannot be decoded. */
function decodePath(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

/**
 * Fastify's rewriteUrl. The router answers a path it cannot percent-decode (/api/%zz) with a
 * bare body of its own, outside the hooks and the error handler. Such a path is rewritten with
 * every % escaped, so it reaches the hooks like any other request, and is remembered as
 * malformed so an API call gets a JSON 400 (refuseMalformedApiPath) and a page the app with 404.
 */
export function rewriteMalformedPath(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const { path, rest } = splitPath(url);
  if (decodePath(path) !== undefined) return url;
  malformedPaths.set(request, path);
  return path.replaceAll('%', '%25') + rest;
}

/** The path as sent when it had a malformed percent-escape; undefined for any other request. */
export function malformedPathOf(request: FastifyRequest): string | undefined {
  return malformedPaths.get(request.raw);
}

/**
 * Whether the request is an API call. Decided by the route it matched, or for a path no route
 * took by the path as the router decoded it, never by the raw URL: the router decodes
 * /%61pi/session-timeout to the /api/session-timeout route, so a raw-URL test would let that
 * request past the session and CSRF hooks.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const path =
    malformedPathOf(request) ??
    request.routeOptions.url ??
    decodePath(splitPath(request.url).path) ??
    request.url;
  return path === '/api' || path.startsWith('/api/');
}

/** An onRequest hook: an API call whose path is malformed gets a JSON 400 saying so. */
export async function refuseMalformedApiPath(request: FastifyRequest): Promise<void> {
  if (malformedPathOf(request) !== undefined && isApiRequest(request)) {
    throw badRequest(
      'the request path has a malformed percent-escape; each % must start the escape of a UTF-8 character, such as %20 (a literal % is written %25)',
    );
  }
}
