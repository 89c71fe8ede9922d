/**
 * The command line's progress line of an import or export: a bar when the total is known,
 * rows done, rows per second and the time left, e.g.
 * `[#########...........]  45,000/100,000 rows  9,000 rows/s  ETA 0:06`.
 */

const BAR_WIDTH = 20;

function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function duration(seconds: number): string {
  const whole = Math.max(Math.ceil(seconds), 0);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function progressLine(done: number, total: number | null, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const speed = `${thousands(rate)} rows/s`;
  if (total === null || total === 0) return `${thousands(done)} rows  ${speed}`;
  const share = Math.min(done / total, 1);
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
  const eta = rate > 0 ? duration((total - done) / rate) : '?';
  return `${bar}  ${thousands(done)}/${thousands(total)} rows  ${speed}  ETA ${eta}`;
}
