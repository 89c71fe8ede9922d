import type { CpuUse } from './cpu-time';
import type { LoadFigures } from './load';
import { failures, type Check } from './targets';

/** The budgets of issue 14's benchmark: scale-out and the bucket. */
export const SCALE_TARGETS = {
  /** Two instances behind the proxy against one, on a 2-core machine. */
  twoInstancesRatio: 1.3,
  /** The bucket against the local folder, one instance each. */
  bucketRatio: 0.8,
} as const;

/** Claim submission: one instance and two behind the proxy, the folder and the bucket. */
export interface ScaleFigures {
  oneInstance: LoadFigures;
  twoInstances: LoadFigures;
  folder: LoadFigures;
  bucket: LoadFigures;
  /**
   * Transactions the database committed over the timed runs (read-only ones included) per
   * claim filed in them: what a claim asks of PostgreSQL.
   */
  transactionsPerClaim: number;
  /** Where the CPU went during each run: the benchmark's processes and the whole machine. */
  cpu: Record<'oneInstance' | 'twoInstances' | 'folder' | 'bucket', CpuUse>;
}

const rate = (figures: LoadFigures) => figures.requestsPerSecond;

function quotient(top: LoadFigures, bottom: LoadFigures): number {
  return rate(bottom) === 0 ? 0 : rate(top) / rate(bottom);
}

function errorCheck(group: string, name: string, runs: readonly LoadFigures[]): Check {
  const count = runs.reduce((total, run) => total + failures(run), 0);
  return {
    group,
    name: `errors (${name})`,
    measured: String(count),
    target: '0',
    pass: count === 0 && runs.every((run) => run.requests > 0),
  };
}

export function scaleChecks(figures: ScaleFigures): Check[] {
  const group = 'claim submission, PostgreSQL + bucket';
  const scale = quotient(figures.twoInstances, figures.oneInstance);
  const bucket = quotient(figures.bucket, figures.folder);
  return [
    {
      group,
      name: '2 instances vs 1, behind nginx',
      measured: `${scale.toFixed(2)}x (${rate(figures.twoInstances).toFixed(0)} vs ${rate(figures.oneInstance).toFixed(0)} req/s)`,
      target: `≥ ${SCALE_TARGETS.twoInstancesRatio.toFixed(1)}x`,
      pass: scale >= SCALE_TARGETS.twoInstancesRatio,
    },
    errorCheck(group, '1 and 2 instances', [figures.oneInstance, figures.twoInstances]),
    {
      group,
      name: 'bucket vs local folder, 1 instance',
      measured: `${(bucket * 100).toFixed(0)} % (${rate(figures.bucket).toFixed(0)} vs ${rate(figures.folder).toFixed(0)} req/s)`,
      target: `≥ ${(SCALE_TARGETS.bucketRatio * 100).toFixed(0)} %`,
      pass: bucket >= SCALE_TARGETS.bucketRatio,
    },
    errorCheck(group, 'folder and bucket', [figures.folder, figures.bucket]),
  ];
}
