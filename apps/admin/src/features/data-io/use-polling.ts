import { useEffect, useRef } from 'react';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/**
 * Calls `poll` every `intervalMs` while `active`, one call at a time; a failed call is left to
 * the next one (a session that ended is handled by the API client).
 */
export function usePolling(
  active: boolean,
  poll: (signal: AbortSignal) => Promise<unknown>,
  intervalMs = JOB_POLL_MS,
): void {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  });
  useEffect(() => {
    if (!active) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => {
        pollRef
          .current(controller.signal)
          .catch(() => undefined)
          .finally(() => {
            if (!controller.signal.aborted) next();
          });
      }, intervalMs);
    };
    next();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
