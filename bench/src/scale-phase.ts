import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { submitPath } from '@claims/core/contract/api';
import { TMP } from './bench-paths';
import { importCaseLists } from './case-import';
import type { PreparedRequest } from './claimant-pool';
import { addCpu, countCpu, type CpuUse } from './cpu-time';
import { combineRounds, type LoadRound } from './load';
import {
  describe,
  isSubmitted,
  preparedSubmissions,
  replay,
  ROUNDS,
  slices,
  type LoadContext,
} from './load-phase';
import { committedTransactions, createScratchDatabase } from './postgres';
import { freePort, startProcess, type RunningProcess } from './processes';
import { log } from './progress';
import { startProxy } from './proxy';
import type { ScaleFigures } from './scale-targets';
import { RUN_SECRETS, startClaimsServer } from './servers';

/**
 * Issue 14's benchmark: claim submission through nginx to one instance and to two, on
 * PostgreSQL and the S3-compatible bucket; and one instance on the local folder beside one on
 * the bucket. Every process has its own pid on this machine; the bucket is s3rver.
 */

const BUCKET = 'claims-bench';
const BUCKET_ENTRY = path.join(import.meta.dirname, 'bucket-server.ts');

async function startBucket(): Promise<{ process: RunningProcess; env: Record<string, string> }> {
  const port = await freePort();
  const running = await startProcess({
    name: 'bucket',
    nodeArgs: ['--import', 'tsx', BUCKET_ENTRY],
    env: { PORT: String(port), BUCKET_DIR: path.join(TMP, 'data-bucket'), BUCKET_NAME: BUCKET },
    cwd: import.meta.dirname,
    logFile: path.join(TMP, 'bucket.log'),
    readyPath: '/',
    port,
  });
  return {
    process: running,
    env: {
      S3_ENDPOINT: running.url,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      // s3rver's own credentials, which it checks signatures with.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}

/** PostgreSQL publishes a connection's transaction counts within this long of its last one. */
const STATS_DELAY_MS = 11_000;

/** Each target's rounds, alternated (A, B, C, D, A, B, C, D), each on claimants of its own. */
async function alternateTargets(
  ctx: LoadContext,
  pools: ReadonlyMap<string, PreparedRequest[][]>,
  targets: readonly { name: string; url: string }[],
  pids: Readonly<Record<string, number>>,
): Promise<Map<string, { rounds: LoadRound[]; cpu: CpuUse[] }>> {
  const runs = new Map(
    targets.map((target) => [target.name, { rounds: [] as LoadRound[], cpu: [] as CpuUse[] }]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const pool = pools.get(target.name)?.[round] ?? [];
      const stop = countCpu(pids);
      const load = await replay(
        target.url,
        submitPath('Standard'),
        pool,
        ctx.connections,
        isSubmitted,
        180,
      );
      runs.get(target.name)?.rounds.push(load);
      runs.get(target.name)?.cpu.push(stop());
    }
  }
  return runs;
}

export async function scalePhase(
  ctx: LoadContext,
  databaseUrl: string,
  count: number,
): Promise<ScaleFigures> {
  const database = await createScratchDatabase(databaseUrl);
  const started: { stop(): Promise<void> }[] = [];
  try {
    log(`scale-out on PostgreSQL (database ${database.name}) and s3rver`);
    const bucket = await startBucket();
    started.push(bucket.process);
    await importCaseLists({
      caseDir: ctx.benchCase.dir,
      dataDir: path.join(TMP, 'data-scale-a'),
      pinPepper: RUN_SECRETS.pinPepper,
      databaseUrl: database.url,
    });
    const instance = async (name: string, env: Record<string, string>) => {
      const server = await startClaimsServer({
        name: `server-${name}`,
        caseDir: ctx.benchCase.dir,
        dataDir: path.join(TMP, `data-${name}`),
        databaseUrl: database.url,
        env: { TRUST_PROXY: '1', ...env },
      });
      started.push(server);
      return server;
    };
    const a = await instance('scale-a', bucket.env);
    const b = await instance('scale-b', bucket.env);
    const folder = await instance('scale-folder', {});
    const proxy = await startProxy(path.join(TMP, 'nginx'), [[a.url], [a.url, b.url]]);
    started.push(proxy);
    const [oneUrl = '', twoUrl = ''] = proxy.urls;

    // Warm-up: both instances behind the proxy, and the folder instance on its own.
    const warmup = await preparedSubmissions(ctx, a, ctx.connections * 4);
    const [warmProxy = [], warmFolder = []] = slices(warmup, 2);
    await replay(twoUrl, submitPath('Standard'), warmProxy, ctx.connections, isSubmitted, 60);
    await replay(folder.url, submitPath('Standard'), warmFolder, ctx.connections, isSubmitted, 60);

    const targets = [
      { name: 'one', url: oneUrl },
      { name: 'two', url: twoUrl },
      { name: 'folder', url: folder.url },
      { name: 'bucket', url: a.url },
    ];
    const pools = new Map<string, PreparedRequest[][]>();
    for (const target of targets) {
      pools.set(target.name, slices(await preparedSubmissions(ctx, a, count), ROUNDS));
    }
    await sleep(STATS_DELAY_MS);
    const commitsBefore = await committedTransactions(database.url);
    const runs = await alternateTargets(ctx, pools, targets, {
      'instance A': a.pid,
      'instance B': b.pid,
      'folder instance': folder.pid,
      s3rver: bucket.process.pid,
      'load generator': process.pid,
    });
    await sleep(STATS_DELAY_MS);
    const commits = (await committedTransactions(database.url)) - commitsBefore;
    const figure = (name: string) => combineRounds(runs.get(name)?.rounds ?? []);
    const cpu = (name: string) => addCpu(runs.get(name)?.cpu ?? []);
    const figures: ScaleFigures = {
      oneInstance: figure('one'),
      twoInstances: figure('two'),
      folder: figure('folder'),
      bucket: figure('bucket'),
      transactionsPerClaim: 0,
      cpu: {
        oneInstance: cpu('one'),
        twoInstances: cpu('two'),
        folder: cpu('folder'),
        bucket: cpu('bucket'),
      },
    };
    const filed = [...runs.values()]
      .flatMap((run) => run.rounds)
      .reduce((total, round) => total + round.requests, 0);
    figures.transactionsPerClaim = filed === 0 ? 0 : commits / filed;
    log(`  1 instance behind nginx: ${describe(figures.oneInstance)}`);
    log(`  2 instances behind nginx: ${describe(figures.twoInstances)}`);
    log(`  1 instance, local folder: ${describe(figures.folder)}`);
    log(`  1 instance, bucket: ${describe(figures.bucket)}`);
    log(`  ${figures.transactionsPerClaim.toFixed(1)} PostgreSQL transactions committed per claim`);
    return figures;
  } finally {
    for (const running of started.reverse()) await running.stop();
    await database.drop();
  }
}
