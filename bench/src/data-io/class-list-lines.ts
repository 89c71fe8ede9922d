import type { CsvTable } from '../../../apps/server/src/case/csv';
import { NOTICE_ID_COLUMN, PIN_COLUMN } from '../benchmark-case';
import { SeededRandom } from '../seeded-random';

/**
 * A class list of any size as CSV lines, made one at a time so that a list of millions is
 * written to disk without being held in memory. Member i copies the template's row i mod n (the
 * demo's list) and gets its own Notice ID and PIN in the demo case's formats (case.yaml:
 * `^NW[0-9]{8}$`, six digits). Notice IDs are a permutation of the eight-digit numbers, so they
 * never repeat; those of `taken` (the members already loaded) are skipped.
 */

/** Eight-digit numbers: 10,000,000 to 99,999,999. */
const SPAN = 90_000_000;
/** Coprime with SPAN, so i → i × STRIDE mod SPAN visits every number once. */
const STRIDE = 7919;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function* classListLines(
  template: CsvTable,
  count: number,
  taken: ReadonlySet<string> = new Set(),
  seed = 16,
): Generator<string> {
  if (!Number.isInteger(count) || count < 1 || count > SPAN - taken.size) {
    throw new Error(`class list size ${count} is not valid; expected 1 to ${SPAN - taken.size}`);
  }
  if (template.rows.length === 0) throw new Error('the template class list has no rows');
  const random = new SeededRandom(seed);
  const offset = random.int(0, SPAN - 1);
  yield csvLine(template.header);
  let made = 0;
  for (let i = 0; made < count; i += 1) {
    const noticeId = `NW${10_000_000 + ((i * STRIDE + offset) % SPAN)}`;
    if (taken.has(noticeId)) continue;
    const row = template.rows[made % template.rows.length]?.values ?? {};
    const values: Record<string, string> = {
      ...row,
      [NOTICE_ID_COLUMN]: noticeId,
      [PIN_COLUMN]: random.digits(6),
    };
    yield csvLine(template.header.map((column) => values[column] ?? ''));
    made += 1;
  }
}
