import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, TMP } from './bench-paths';
import { summariseProfile, type CpuProfile } from './cpu-profile';
import type { LoadContext, MarkStart } from './load-phase';
import { log } from './progress';
import type { RunningProcess } from './processes';
import type { ProfileReport } from './report';
import { startClaimsServer } from './servers';

export type ProfiledLoad = (server: RunningProcess, markStart: MarkStart) => Promise<unknown>;

/** Microseconds on the monotonic clock V8 stamps .cpuprofile samples with (process.hrtime's). */
function monotonicMicroseconds(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Runs the loads on one server started with node --cpu-prof (on the load phase's SQLite data,
 * so the class list is already imported) and summarises the profile over each load's timed
 * window; preparation and warm-up fall outside the windows.
 */
export async function profilePhase(
  ctx: LoadContext,
  dataDir: string,
  loads: readonly { benchmark: string; run: ProfiledLoad }[],
): Promise<ProfileReport[]> {
  const dir = path.join(TMP, 'profiles');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await startClaimsServer({
    name: 'server-profiled',
    caseDir: ctx.benchCase.dir,
    dataDir,
    cpuProfileDir: dir,
  });
  const windows: { benchmark: string; fromUs: number; toUs: number }[] = [];
  try {
    for (const { benchmark, run } of loads) {
      log(`profiling ${benchmark} (node --cpu-prof)`);
      let fromUs = monotonicMicroseconds();
      await run(server, () => {
        fromUs = monotonicMicroseconds();
      });
      windows.push({ benchmark, fromUs, toUs: monotonicMicroseconds() });
    }
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`the server wrote no .cpuprofile into ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  return windows.map(({ benchmark, fromUs, toUs }) => ({
    benchmark,
    file: path.relative(REPO_ROOT, path.join(dir, file)),
    summary: summariseProfile(profile, REPO_ROOT, { fromUs, toUs }),
  }));
}
