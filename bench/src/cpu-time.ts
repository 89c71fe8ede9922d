import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user and system) a process has used so far, from /proc/<pid>/stat. */
export function parseProcessCpuSeconds(stat: string): number {
  // The command name (field 2) may hold spaces; the fields after it are counted from its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds the whole machine spent busy (everything but idle and iowait), from /proc/stat. */
export function parseMachineBusySeconds(stat: string): number {
  const [, ...ticks] = (stat.split('\n')[0] ?? '').trim().split(/\s+/);
  const values = ticks.map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return (total - idle) / TICKS_PER_SECOND;
}

export function processCpuSeconds(pid: number): number {
  try {
    return parseProcessCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

export function machineBusySeconds(): number {
  return parseMachineBusySeconds(readFileSync('/proc/stat', 'utf8'));
}

/** CPU seconds per named process and for the whole machine, between two readings. */
export interface CpuUse {
  wallSeconds: number;
  machineBusySeconds: number;
  processes: Record<string, number>;
}

/** Starts counting the CPU time of `pids` and of the machine; the returned function stops. */
export function countCpu(pids: Readonly<Record<string, number>>): () => CpuUse {
  const began = Date.now();
  const machine = machineBusySeconds();
  const before = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid)]),
  );
  return () => ({
    wallSeconds: (Date.now() - began) / 1000,
    machineBusySeconds: machineBusySeconds() - machine,
    processes: Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [
        name,
        processCpuSeconds(pid) - (before[name] ?? 0),
      ]),
    ),
  });
}

/** The sum of several countings (the rounds of one run). */
export function addCpu(uses: readonly CpuUse[]): CpuUse {
  const processes: Record<string, number> = {};
  for (const use of uses) {
    for (const [name, seconds] of Object.entries(use.processes)) {
      processes[name] = (processes[name] ?? 0) + seconds;
    }
  }
  return {
    wallSeconds: uses.reduce((sum, use) => sum + use.wallSeconds, 0),
    machineBusySeconds: uses.reduce((sum, use) => sum + use.machineBusySeconds, 0),
    processes,
  };
}
