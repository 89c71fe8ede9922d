import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface MachineInfo {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  commit: string;
  /** One-minute load average before the run started anything: other work on the machine. */
  loadAverageBefore: number;
}

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** The commit the figures belong to, marked when the working tree has changes beyond it. */
export function describeCommit(repoRoot: string): string {
  const commit = git(['rev-parse', '--short=12', 'HEAD'], repoRoot);
  if (commit === undefined) return 'none (no commit yet)';
  const changed = git(['status', '--porcelain', '--untracked-files=no'], repoRoot);
  return changed === undefined || changed === '' ? commit : `${commit} (with uncommitted changes)`;
}

export function readMachineInfo(repoRoot: string, now = new Date()): MachineInfo {
  const cpus = os.cpus();
  return {
    date: now.toISOString(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: describeCommit(repoRoot),
    loadAverageBefore: oneMinuteLoad(),
  };
}

export function oneMinuteLoad(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}
