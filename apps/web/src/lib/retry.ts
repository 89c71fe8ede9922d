/**
 * Retries of the calls that are safe to send again (docs/deploy.md#browser-retries): when
 * the network fails or a proxy answers that the instance behind it is gone or busy (502, 503,
 * 504), the call is sent again after 0.5, 1 and 2 s (each ±25 %), so an instance dying behind
 * the load balancer costs the claimant a short wait, not an error. A claim is filed once
 * whatever the number of sends (the server recognises it by its client ids), and its FormData
 * is read afresh by each send.
 */

/** Waits before each retry, in ms; one retry per entry. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000];

const RETRIED_STATUSES = new Set([502, 503, 504]);

/** A 503 asking for a longer wait than this (a scanner out of reach) is answered, not retried. */
const LONGEST_RETRY_AFTER_MS = 2000;

export interface RetryOptions {
  delaysMs?: readonly number[];
  /** Waits `ms` (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) (tests pass their own). */
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the answer asks to wait before a retry, in ms; 0 when it does not say. */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** A call the page itself gave up on (it navigated away, or a timeout of its own fired). */
function isAbort(error: unknown): boolean {
  return (
    error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

function worthRetrying(response: Response): boolean {
  return RETRIED_STATUSES.has(response.status) && retryAfterMs(response) <= LONGEST_RETRY_AFTER_MS;
}

/**
 * Sends with `send` until an answer worth keeping arrives or the retries run out; then
 * answers the last response, or throws the last network error.
 */
export async function withRetries(
  send: () => Promise<Response>,
  options: RetryOptions = {},
): Promise<Response> {
  const delays = options.delaysMs ?? RETRY_DELAYS_MS;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  for (let retry = 0; ; retry += 1) {
    let outcome: { response: Response } | { error: unknown };
    try {
      outcome = { response: await send() };
    } catch (error) {
      outcome = { error };
    }
    const delay = delays[retry];
    const again =
      delay !== undefined &&
      ('error' in outcome ? !isAbort(outcome.error) : worthRetrying(outcome.response));
    if (!again) {
      if ('error' in outcome) throw outcome.error;
      return outcome.response;
    }
    let asked = 0;
    if ('response' in outcome) {
      asked = retryAfterMs(outcome.response);
      // The answer is not read: let its connection go.
      await outcome.response.body?.cancel().catch(() => undefined);
    }
    await sleep(Math.max(asked, delay * (0.75 + random() * 0.5)));
  }
}

/** fetch, with the retries above: for a widget that fetches on its own (the captcha challenge). */
export const fetchWithRetries: typeof fetch = (input, init) =>
  withRetries(() => fetch(input, init));
