import path from 'node:path';

/** The parts of a V8 .cpuprofile (node --cpu-prof) the summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface FrameTime {
  frame: string;
  ms: number;
  /** Share of the busy (non-idle) time in the window. */
  share: number;
}

export interface ProfileSummary {
  windowMs: number;
  busyMs: number;
  idleMs: number;
  /** Time in each function itself. */
  selfTop: FrameTime[];
  /** Time in each function and everything it called. */
  inclusiveTop: FrameTime[];
  /** Self time by where the code lives: a package, the server, packages/core, Node itself. */
  byOrigin: FrameTime[];
}

const IDLE = '(idle)';
/** Pseudo-frames that are not the application's code running. */
const PSEUDO = new Set(['(root)', '(program)', IDLE]);

/** Where a frame's code lives, relative to the repository where it can be. */
export function originOf(url: string, repoRoot: string): string {
  if (url === '') return '(native or V8)';
  if (url.startsWith('node:')) return 'node (core modules)';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (packageMatch !== null) return packageMatch[1] as string;
  const relative = path.relative(repoRoot, file);
  if (relative.startsWith('..')) return file;
  const [top, second] = relative.split(path.sep);
  return top === 'apps' || top === 'packages' ? `${top}/${second ?? ''}` : (top ?? relative);
}

function frameName(callFrame: CpuProfile['nodes'][number]['callFrame'], repoRoot: string): string {
  const name = callFrame.functionName === '' ? '(anonymous)' : callFrame.functionName;
  if (callFrame.url === '') return name;
  const file = callFrame.url.startsWith('file://')
    ? new URL(callFrame.url).pathname
    : callFrame.url;
  const shown = file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file;
  return `${name} (${shown.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1})`;
}

function top(map: Map<string, number>, busyUs: number, count: number): FrameTime[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, us]) => ({ frame, ms: us / 1000, share: busyUs === 0 ? 0 : us / busyUs }));
}

/**
 * Summarises the samples of a profile taken between `fromUs` and `toUs` (the profile's own
 * clock, microseconds): the top functions by self and by inclusive time, and self time by
 * origin. Each sample counts for the time since the previous one.
 */
export function summariseProfile(
  profile: CpuProfile,
  repoRoot: string,
  window: { fromUs: number; toUs: number } = { fromUs: profile.startTime, toUs: profile.endTime },
  count = 15,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let idleUs = 0;
  let busyUs = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < window.fromUs || time > window.toUs) return;
    const node = byId.get(id);
    if (node === undefined) return;
    const name = node.callFrame.functionName;
    if (name === IDLE) {
      idleUs += delta;
      return;
    }
    busyUs += delta;
    const frame =
      PSEUDO.has(name) || name === '(garbage collector)'
        ? name
        : frameName(node.callFrame, repoRoot);
    self.set(frame, (self.get(frame) ?? 0) + delta);
    const origin = name.startsWith('(') ? name : originOf(node.callFrame.url, repoRoot);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + delta);
    const seen = new Set<string>();
    for (
      let current: number | undefined = id;
      current !== undefined;
      current = parent.get(current)
    ) {
      const frameNode = byId.get(current);
      if (frameNode === undefined || PSEUDO.has(frameNode.callFrame.functionName)) continue;
      const key = frameName(frameNode.callFrame, repoRoot);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
    }
  });
  return {
    windowMs: (window.toUs - window.fromUs) / 1000,
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
    selfTop: top(self, busyUs, count),
    inclusiveTop: top(inclusive, busyUs, count),
    byOrigin: top(byOrigin, busyUs, count),
  };
}
