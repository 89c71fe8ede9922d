import { performance } from 'node:perf_hooks';

export interface LoadWindowOptions<T, R, S> {
  /** The work the load runs beside (the import); the window opens when it starts. */
  work: () => Promise<T>;
  /** The load stops starting rounds once this many seconds have passed since the work began. */
  windowSeconds: number;
  /** One timed round of the load. */
  round: () => Promise<R>;
  /** Between two rounds (the next round's preparation), not part of any round. */
  between: () => Promise<void>;
  /** Read the moment the window closes (the work's progress then). */
  atClose: () => S;
  /** Milliseconds; performance.now by default. */
  now?: () => number;
}

export interface LoadWindowResult<T, R, S> {
  result: T;
  rounds: R[];
  /** Seconds from the work's start to the end of the load's last round. */
  closedAfterSeconds: number;
  /** True when the work had ended by then: the whole of it ran under the load. */
  workEnded: boolean;
  atClose: S;
}

/**
 * Runs rounds of a load back to back while `work` runs, for at most `windowSeconds` from its
 * start. A round that started inside the window runs to its end and counts, so the window
 * closes at the end of its last round (or at the work's end, when the work ends during that
 * round: a stall at the work's end is in the figures). After the window the work goes on
 * alone, and its result is awaited.
 */
export async function loadDuring<T, R, S>(
  options: LoadWindowOptions<T, R, S>,
): Promise<LoadWindowResult<T, R, S>> {
  if (!(options.windowSeconds > 0)) {
    throw new Error(`the load window is ${options.windowSeconds} s; expected more than 0`);
  }
  const now = options.now ?? (() => performance.now());
  let ended = false;
  const started = now();
  const running = options.work().finally(() => {
    ended = true;
  });
  running.catch(() => undefined);
  const open = () => !ended && (now() - started) / 1000 < options.windowSeconds;
  const rounds: R[] = [];
  while (open()) {
    rounds.push(await options.round());
    if (!open()) break;
    await options.between();
  }
  const closedAfterSeconds = (now() - started) / 1000;
  const workEnded = ended;
  const atClose = options.atClose();
  const result = await running;
  return { result, rounds, closedAfterSeconds, workEnded, atClose };
}
