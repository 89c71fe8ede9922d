import { vi } from 'vitest';

/** What a stubbed route answers: a status (200 unless given) and a JSON body. */
export interface Reply {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  headers: Headers;
  /** A JSON body parsed, a multipart body as its FormData. */
  body: unknown;
}

type Route = Reply | ((call: RecordedCall) => Reply);

export const TEST_CSRF = { requestHeaderName: 'X-CSRF-Token', requestToken: 'token-1' };

/**
 * Replaces fetch with answers keyed by "METHOD /path" (the query string aside). GET
 * /admin/api/csrf answers a token unless a route says otherwise; a call no route answers
 * fails the test with its method and path.
 */
export function stubFetch(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: new Headers(init.headers),
      body:
        typeof init.body === 'string'
          ? (JSON.parse(init.body) as unknown)
          : init.body instanceof FormData
            ? init.body
            : undefined,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key] ?? (key === 'GET /admin/api/csrf' ? { body: TEST_CSRF } : undefined);
    if (route === undefined) throw new Error(`no stubbed answer for ${key}`);
    const reply = typeof route === 'function' ? route(call) : route;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The calls made to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
