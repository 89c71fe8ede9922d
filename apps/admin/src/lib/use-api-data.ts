import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiData<T> =
  | { state: 'loading'; data: T | null }
  | { state: 'ready'; data: T }
  | { state: 'error'; data: T | null; error: unknown };

/**
 * Loads what `load` fetches whenever `key` changes, cancelling the previous call; the last
 * answer stays on screen while the next one loads. `reload` asks again.
 */
export function useApiData<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): ApiData<T> & { reload: () => void; replace: (data: T) => void } {
  const [result, setResult] = useState<ApiData<T>>({ state: 'loading', data: null });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const replace = useCallback((data: T) => setResult({ state: 'ready', data }), []);
  // `load` is a new function on each render; `key` says what it loads.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    setResult((previous) => ({ state: 'loading', data: previous.data }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ state: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setResult((previous) => ({ state: 'error', data: previous.data, error }));
        }
      },
    );
    return () => controller.abort();
  }, [key, round]);

  return { ...result, reload, replace };
}
