import { describe, expect, it } from 'vitest';
import { parseVmRss, readRss } from './processes';

describe('parseVmRss', () => {
  it('reads the resident set size in bytes', () => {
    expect(parseVmRss('Name:\tnode\nVmHWM:\t  300000 kB\nVmRSS:\t  204800 kB\nThreads:\t7\n')).toBe(
      204800 * 1024,
    );
  });

  it('says so when the status has no VmRSS line', () => {
    expect(() => parseVmRss('Name:\tzombie\n')).toThrow('has no VmRSS line');
  });
});

describe('readRss', () => {
  it.runIf(process.platform === 'linux')('reads a live process', () => {
    expect(readRss(process.pid)).toBeGreaterThan(1024 * 1024);
  });
});
