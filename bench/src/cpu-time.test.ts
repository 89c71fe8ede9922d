import { describe, expect, it } from 'vitest';
import { addCpu, parseMachineBusySeconds, parseProcessCpuSeconds } from './cpu-time';

describe('parseProcessCpuSeconds', () => {
  it('adds utime and stime, even when the command name holds spaces', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 11';
    expect(parseProcessCpuSeconds(stat)).toBe(3);
  });
});

describe('parseMachineBusySeconds', () => {
  it('counts every CPU tick but idle and iowait', () => {
    const stat = 'cpu  100 10 40 500 50 0 0 0 0 0\ncpu0 50 5 20 250 25 0 0 0 0 0\n';
    expect(parseMachineBusySeconds(stat)).toBe(1.5);
  });
});

describe('addCpu', () => {
  it('sums the rounds of a run process by process', () => {
    const round = { wallSeconds: 10, machineBusySeconds: 18, processes: { a: 4, b: 1 } };
    expect(addCpu([round, round])).toEqual({
      wallSeconds: 20,
      machineBusySeconds: 36,
      processes: { a: 8, b: 2 },
    });
  });
});
