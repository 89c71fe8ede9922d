import { spawnSync } from 'node:child_process';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';

/** The figures of a load, over one or more rounds. Latencies are in milliseconds. */
export interface LoadFigures {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** 2xx answers whose body was not what a success carries. */
  mismatches: number;
  statusCodes: Record<string, number>;
}

/** One autocannon run: its counts and the latency of every answer. */
export interface LoadRound {
  requests: number;
  durationSeconds: number;
  errors: number;
  non2xx: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  latenciesMs: number[];
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Stop after this many requests... */
  amount?: number;
  /** ...or after this many seconds, whichever comes first. */
  maxSeconds: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Called once per request to make it. */
  next?: () => { headers: Record<string, string>; body: Buffer };
  /** Whether a 2xx body is a success; the others count as mismatches. */
  verify?: (body: string) => boolean;
}

/**
 * The round's figures from autocannon's result, the latency of every answer and the seconds
 * from the round's first request to its last answer, timed here: autocannon checks whether a
 * run is done once a second (its sampleInt), so its own duration is rounded up to whole
 * seconds, and a round of 320 claims answered in 1.1 or in 1.9 s both read 160 a second.
 */
export function toRound(
  result: AutocannonResult,
  latenciesMs: number[],
  answeredSeconds: number,
): LoadRound {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats))
    statusCodes[code] = stats.count;
  return {
    requests: result.requests.total,
    durationSeconds: answeredSeconds,
    errors: result.errors,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statusCodes,
    latenciesMs,
  };
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** Rounds of one load taken together, as if they were one run. */
export function combineRounds(rounds: readonly LoadRound[]): LoadFigures {
  const sum = (pick: (round: LoadRound) => number) =>
    rounds.reduce((total, round) => total + pick(round), 0);
  const latencies = rounds.flatMap((round) => round.latenciesMs).sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, count] of Object.entries(round.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  const requests = sum((round) => round.requests);
  const durationSeconds = sum((round) => round.durationSeconds);
  return {
    requests,
    durationSeconds,
    requestsPerSecond: durationSeconds > 0 ? requests / durationSeconds : 0,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    errors: sum((round) => round.errors),
    non2xx: sum((round) => round.non2xx),
    mismatches: sum((round) => round.mismatches),
    statusCodes,
  };
}

/**
 * Writes the dirty pages of earlier runs to disk, so a run does not pay for the previous
 * run's documents being flushed in the background (which would favour whichever runs first).
 */
function settleDisk(): void {
  spawnSync('sync', { stdio: 'ignore' });
}

/** One autocannon run, bounded in count and time, on a settled disk. */
export function runLoad(options: LoadOptions): Promise<LoadRound> {
  settleDisk();
  const request: AutocannonRequest = {
    method: options.method,
    path: options.path,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.body === undefined ? {} : { body: options.body }),
  };
  const next = options.next;
  if (next !== undefined) {
    request.setupRequest = (current) => {
      const made = next();
      return { ...current, headers: { ...current.headers, ...made.headers }, body: made.body };
    };
  }
  const latenciesMs: number[] = [];
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount === undefined
          ? { duration: options.maxSeconds }
          : { amount: options.amount }),
        timeout: 30,
        requests: [request],
        ...(options.verify === undefined ? {} : { verifyBody: options.verify }),
      },
      (error, result) => {
        clearTimeout(timer);
        if (error !== null) reject(error);
        else resolve(toRound(result, latenciesMs, (lastAnswerAt - startedAt) / 1000));
      },
    );
    instance.on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        latenciesMs.push(responseTime);
        lastAnswerAt = performance.now();
      },
    );
    // `amount` ignores `duration`, so the time bound is kept here.
    const timer = setTimeout(() => instance.stop(), (options.maxSeconds + 1) * 1000);
  });
}
