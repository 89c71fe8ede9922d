import { readFileSync, writeFileSync } from 'node:fs';

const KB_PER_MB = 1024;

function statusKb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync('/proc/self/status', 'utf8'),
  );
  return Number(match?.[1] ?? 0);
}

/**
 * The process's peak RSS over a stretch of work: the kernel's high-water mark (VmHWM), reset
 * at the start through /proc/self/clear_refs, so a peak while the event loop is blocked (a
 * statement of SQLite) counts too; where the reset is refused, samples every 50 ms.
 */
export class PeakRss {
  readonly baselineKb = statusKb('VmRSS');
  private peakKb = this.baselineKb;
  private readonly reset: boolean;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      this.reset = true;
    } catch {
      this.reset = false;
    }
    this.timer = setInterval(() => {
      this.peakKb = Math.max(this.peakKb, statusKb('VmRSS'));
    }, 50);
  }

  stop(): { baselineRssMb: number; peakRssMb: number } {
    clearInterval(this.timer);
    const peak = Math.max(this.peakKb, statusKb('VmRSS'), this.reset ? statusKb('VmHWM') : 0);
    return { baselineRssMb: this.baselineKb / KB_PER_MB, peakRssMb: peak / KB_PER_MB };
  }
}
