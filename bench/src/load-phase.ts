import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { API_PATHS, authorizePath, submitPath } from '@claims/core/contract/api';
import { BASELINE_PATHS } from './baseline-server';
import type { BenchmarkCase, ClassMember } from './benchmark-case';
import type { ClaimDocument } from './claim-builder';
import {
  prepareAuthorizations,
  prepareSubmissions,
  takeInOrder,
  type PreparedRequest,
} from './claimant-pool';
import { combineRounds, runLoad, type LoadFigures, type LoadRound } from './load';
import { log } from './progress';
import type { RunningProcess } from './processes';
import type { LoadComparison } from './targets';

/** Claimants are prepared this many at a time; the server's own speed bounds the rate anyway. */
const PREPARE_CONCURRENCY = 8;

/**
 * Each comparison alternates server and baseline in this many rounds (server, baseline,
 * server, baseline), so a change in the machine's other load during the run weighs on both.
 */
export const ROUNDS = 2;

/** Hands out class members in order, so no claimant is used twice in a run. */
export class MemberQueue {
  private next = 0;
  constructor(private readonly members: readonly ClassMember[]) {}

  take(count: number): ClassMember[] {
    if (this.next + count > this.members.length) {
      throw new Error(
        `the class list has ${this.members.length} members; the run needs more than that`,
      );
    }
    const taken = this.members.slice(this.next, this.next + count);
    this.next += count;
    return taken;
  }
}

export interface LoadContext {
  connections: number;
  benchCase: BenchmarkCase;
  members: MemberQueue;
  documents: readonly ClaimDocument[];
  configs: readonly RemoteModelConfig[];
  signatureDate: string;
}

/** Called right before a timed load starts (after preparation and warm-up). */
export type MarkStart = () => void;

export const isSubmitted = (body: string) => /"referenceCodeForm":"[^"]+"/.test(body);
export const isAuthorized = (body: string) => body.includes('"authorized":true');

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

export function describe(figures: LoadFigures): string {
  return `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50Ms.toFixed(0)} ms, p99 ${figures.p99Ms.toFixed(0)} ms, ${figures.errors} errors, ${figures.non2xx} non-2xx, ${figures.mismatches} refused`;
}

/** Sends each prepared request once, `connections` at a time. */
export function replay(
  url: string,
  requestPath: string,
  pool: readonly PreparedRequest[],
  connections: number,
  verify: (body: string) => boolean,
  maxSeconds: number,
): Promise<LoadRound> {
  return runLoad({
    url,
    connections,
    amount: pool.length,
    maxSeconds,
    method: 'POST',
    path: requestPath,
    next: takeInOrder(pool),
    verify,
  });
}

export function formsConfigLoad(
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadRound> {
  return runLoad({
    url,
    connections,
    maxSeconds: seconds,
    method: 'GET',
    path: API_PATHS.formsConfig,
  });
}

/** `items` in `parts` consecutive slices of (nearly) equal length. */
export function slices<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  ).filter((slice) => slice.length > 0);
}

export async function preparedSubmissions(
  ctx: LoadContext,
  server: RunningProcess,
  count: number,
): Promise<PreparedRequest[]> {
  const begin = Date.now();
  const pool = await prepareSubmissions({
    baseUrl: server.url,
    members: ctx.members.take(count),
    configs: ctx.configs,
    signatureDate: ctx.signatureDate,
    documents: ctx.documents,
    concurrency: PREPARE_CONCURRENCY,
  });
  log(
    `  prepared ${count} claimants (csrf, challenge, solve, authorize, challenge, solve) in ${seconds(begin)} s`,
  );
  return pool;
}

async function preparedAuthorizations(
  ctx: LoadContext,
  server: RunningProcess,
  count: number,
): Promise<PreparedRequest[]> {
  const begin = Date.now();
  const pool = await prepareAuthorizations(
    server.url,
    ctx.members.take(count),
    PREPARE_CONCURRENCY,
  );
  log(`  prepared ${count} claimants (csrf, challenge, solve) in ${seconds(begin)} s`);
  return pool;
}

interface Alternation {
  server: LoadFigures;
  baseline: LoadFigures;
  serverRssBytes: number;
  baselineRssBytes: number;
}

/** Runs server round i, then baseline round i, for each round; RSS is read after each side's last. */
async function alternate(
  server: RunningProcess,
  baseline: RunningProcess,
  rounds: number,
  serverRound: (round: number) => Promise<LoadRound>,
  baselineRound: (round: number) => Promise<LoadRound>,
): Promise<Alternation> {
  const serverRounds: LoadRound[] = [];
  const baselineRounds: LoadRound[] = [];
  let serverRssBytes = 0;
  for (let round = 0; round < rounds; round += 1) {
    serverRounds.push(await serverRound(round));
    serverRssBytes = server.rssBytes();
    baselineRounds.push(await baselineRound(round));
  }
  return {
    server: combineRounds(serverRounds),
    baseline: combineRounds(baselineRounds),
    serverRssBytes,
    baselineRssBytes: baseline.rssBytes(),
  };
}

/**
 * Claim submission side by side: claimants prepared on the server, a warm-up on each side,
 * then the server and the baseline alternately file the same claims (the same bodies).
 */
export async function submissionComparison(
  ctx: LoadContext,
  count: number,
  server: RunningProcess,
  baseline: RunningProcess,
): Promise<LoadComparison> {
  const warmup = await preparedSubmissions(ctx, server, ctx.connections * 2);
  await replay(server.url, submitPath('Standard'), warmup, ctx.connections, isSubmitted, 60);
  await replay(baseline.url, BASELINE_PATHS.submit, warmup, ctx.connections, isSubmitted, 60);
  const pool = slices(await preparedSubmissions(ctx, server, count), ROUNDS);
  const comparison = await alternate(
    server,
    baseline,
    pool.length,
    (round) =>
      replay(
        server.url,
        submitPath('Standard'),
        pool[round] ?? [],
        ctx.connections,
        isSubmitted,
        180,
      ),
    (round) =>
      replay(
        baseline.url,
        BASELINE_PATHS.submit,
        pool[round] ?? [],
        ctx.connections,
        isSubmitted,
        180,
      ),
  );
  log(`  server ${describe(comparison.server)}; baseline ${describe(comparison.baseline)}`);
  return comparison;
}

/** Authorize side by side, the baseline receiving the same requests on a bare JSON route. */
export async function authorizeComparison(
  ctx: LoadContext,
  count: number,
  server: RunningProcess,
  baseline: RunningProcess,
): Promise<LoadComparison> {
  const target = authorizePath('Standard');
  const warmup = await preparedAuthorizations(ctx, server, ctx.connections * 2);
  await replay(server.url, target, warmup, ctx.connections, isAuthorized, 60);
  await replay(baseline.url, BASELINE_PATHS.authorize, warmup, ctx.connections, isAuthorized, 60);
  const pool = slices(await preparedAuthorizations(ctx, server, count), ROUNDS);
  const comparison = await alternate(
    server,
    baseline,
    pool.length,
    (round) => replay(server.url, target, pool[round] ?? [], ctx.connections, isAuthorized, 120),
    (round) =>
      replay(
        baseline.url,
        BASELINE_PATHS.authorize,
        pool[round] ?? [],
        ctx.connections,
        isAuthorized,
        120,
      ),
  );
  log(`  server ${describe(comparison.server)}; baseline ${describe(comparison.baseline)}`);
  return comparison;
}

/** GET /api/forms/config side by side, for `seconds` on each side. */
export async function formsConfigComparison(
  connections: number,
  seconds: number,
  server: RunningProcess,
  baseline: RunningProcess,
): Promise<LoadComparison> {
  await formsConfigLoad(server.url, connections, 3);
  await formsConfigLoad(baseline.url, connections, 3);
  const each = seconds / ROUNDS;
  const comparison = await alternate(
    server,
    baseline,
    ROUNDS,
    () => formsConfigLoad(server.url, connections, each),
    () => formsConfigLoad(baseline.url, connections, each),
  );
  log(`  server ${describe(comparison.server)}; baseline ${describe(comparison.baseline)}`);
  return comparison;
}

export interface LoadCounts {
  submissions: number;
  authorizations: number;
  formsConfigSeconds: number;
}

export interface LoadPhaseFigures {
  formsConfig: LoadComparison;
  authorize: LoadComparison;
  submission: LoadComparison;
}

/**
 * The three loads side by side. The submission runs last, so the server's RSS after it is
 * its RSS at the end of the load.
 */
export async function loadPhase(
  ctx: LoadContext,
  counts: LoadCounts,
  server: RunningProcess,
  baseline: RunningProcess,
): Promise<LoadPhaseFigures> {
  log('GET /api/forms/config');
  const formsConfig = await formsConfigComparison(
    ctx.connections,
    counts.formsConfigSeconds,
    server,
    baseline,
  );
  log('authorize');
  const authorize = await authorizeComparison(ctx, counts.authorizations, server, baseline);
  log('claim submission');
  const submission = await submissionComparison(ctx, counts.submissions, server, baseline);
  return { formsConfig, authorize, submission };
}

/** Submissions on the server alone (for a profile): a warm-up, then `count` claims timed. */
export async function submissionLoad(
  ctx: LoadContext,
  server: RunningProcess,
  count: number,
  markStart: MarkStart,
): Promise<LoadRound> {
  const warmup = await preparedSubmissions(ctx, server, ctx.connections * 2);
  await replay(server.url, submitPath('Standard'), warmup, ctx.connections, isSubmitted, 60);
  const pool = await preparedSubmissions(ctx, server, count);
  markStart();
  return replay(server.url, submitPath('Standard'), pool, ctx.connections, isSubmitted, 180);
}

/** Authorizations on the server alone (for a profile): a warm-up, then `count` timed. */
export async function authorizeLoad(
  ctx: LoadContext,
  server: RunningProcess,
  count: number,
  markStart: MarkStart,
): Promise<LoadRound> {
  const warmup = await preparedAuthorizations(ctx, server, ctx.connections * 2);
  await replay(server.url, authorizePath('Standard'), warmup, ctx.connections, isAuthorized, 60);
  const pool = await preparedAuthorizations(ctx, server, count);
  markStart();
  return replay(server.url, authorizePath('Standard'), pool, ctx.connections, isAuthorized, 120);
}
