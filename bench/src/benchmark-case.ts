import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { parseCsv, type CsvTable } from '../../apps/server/src/case/csv';
import { SeededRandom } from './seeded-random';

/** The class-list columns the server reads (apps/server/src/case/import-class-list.ts). */
export const NOTICE_ID_COLUMN = 'NoticeId';
export const PIN_COLUMN = 'Pin';
const CLASS_LIST_FILE = 'class-list.csv';
const CASE_FILE = 'case.yaml';

export interface ClassMember {
  noticeId: string;
  pin: string;
  /** Every column of the member's row, as written to the class list. */
  values: Readonly<Record<string, string>>;
}

export interface ClassList {
  header: readonly string[];
  members: readonly ClassMember[];
}

export interface BenchmarkCaseOptions {
  /** The case folder copied (cases/demo). */
  sourceDir: string;
  /** Where the benchmark case is written; replaced if it exists. */
  targetDir: string;
  /** Members of the generated class list; absent keeps the source's list. */
  memberCount?: number;
  /** The ALTCHA proof-of-work bound (case.yaml captcha.maxNumber). */
  captchaMaxNumber: number;
  /** Overrides case.yaml's theme. */
  theme?: string;
  seed?: number;
}

export interface BenchmarkCase {
  dir: string;
  classList: ClassList;
}

const DEFAULT_SEED = 20260601;

/** RFC 4180 CSV with CRLF line ends; fields holding a comma, quote or line break are quoted. */
export function toCsv(
  header: readonly string[],
  rows: readonly Readonly<Record<string, string>>[],
): string {
  const field = (value: string) =>
    /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const lines = [header.map(field).join(',')];
  for (const row of rows) lines.push(header.map((column) => field(row[column] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function membersOf(table: CsvTable): ClassMember[] {
  return table.rows.map(({ values }) => ({
    noticeId: values[NOTICE_ID_COLUMN] ?? '',
    pin: values[PIN_COLUMN] ?? '',
    values,
  }));
}

/**
 * A class list of `count` members shaped like `template` (the demo's list): member i copies
 * the template's row i mod n (names, addresses, contact details, VIN) and gets its own Notice
 * ID and PIN, so the size grows without inventing a second data generator. The same seed
 * always gives the same list.
 */
export function generateClassList(template: CsvTable, count: number, seed: number): ClassList {
  for (const column of [NOTICE_ID_COLUMN, PIN_COLUMN]) {
    if (!template.header.includes(column)) {
      throw new Error(
        `the template class list has no ${column} column; its columns are ${template.header.join(', ')}`,
      );
    }
  }
  if (template.rows.length === 0) throw new Error('the template class list has no rows');
  if (!Number.isInteger(count) || count < 1 || count > 90_000_000) {
    throw new Error(
      `class list size ${count} is not valid; expected a whole number from 1 to 90,000,000`,
    );
  }
  const random = new SeededRandom(seed);
  const noticeIds = new Set<string>();
  // The demo case's Notice ID format (case.yaml: ^NW[0-9]{8}$).
  while (noticeIds.size < count) noticeIds.add(`NW${random.int(1, 9)}${random.digits(7)}`);
  const members = [...noticeIds].map((noticeId, index): ClassMember => {
    const row = template.rows[index % template.rows.length]?.values ?? {};
    const pin = random.digits(6);
    return { noticeId, pin, values: { ...row, [NOTICE_ID_COLUMN]: noticeId, [PIN_COLUMN]: pin } };
  });
  return { header: template.header, members };
}

/** The fraud velocity window the benchmark case sets for an address and its block. */
export const VELOCITY_OF_THE_LOAD = { windowMinutes: 1, allowedClaims: 1000 } as const;

/** `targetDir` made anew as a copy of the case in `sourceDir`. */
export function copyCase(sourceDir: string, targetDir: string): void {
  rmSync(targetDir, { recursive: true, force: true });
  cpSync(sourceDir, targetDir, {
    recursive: true,
    // The demo's generator script is not part of the case the server reads.
    filter: (source) => !source.endsWith('.ts'),
  });
}

/**
 * Writes the benchmark case: a copy of `sourceDir` with its captcha difficulty (and theme)
 * changed and, when asked, a large synthetic class list in place of the source's.
 */
export function createBenchmarkCase(options: BenchmarkCaseOptions): BenchmarkCase {
  const { sourceDir, targetDir } = options;
  copyCase(sourceDir, targetDir);

  const caseFile = path.join(targetDir, CASE_FILE);
  const document = parseDocument(readFileSync(caseFile, 'utf8'));
  document.setIn(['captcha', 'maxNumber'], options.captchaMaxNumber);
  // Every claimant of the load comes from 127.0.0.1: the case's velocity windows would count
  // the whole run as one busy address and raise its proof of work up to 64 times
  // (apps/server/src/captcha/risk-friction.ts). The narrowest window and the largest allowance keep
  // the benchmark's address ordinary while claimants are prepared.
  for (const source of ['ipAddress', 'ipNetwork']) {
    document.setIn(['fraud', 'velocity', source], VELOCITY_OF_THE_LOAD);
  }
  if (options.theme !== undefined) document.set('theme', options.theme);
  writeFileSync(caseFile, document.toString());

  const template = parseCsv(readFileSync(path.join(sourceDir, CLASS_LIST_FILE), 'utf8'));
  if (options.memberCount === undefined) {
    return { dir: targetDir, classList: { header: template.header, members: membersOf(template) } };
  }
  const classList = generateClassList(template, options.memberCount, options.seed ?? DEFAULT_SEED);
  writeFileSync(
    path.join(targetDir, CLASS_LIST_FILE),
    toCsv(
      classList.header,
      classList.members.map((member) => member.values),
    ),
  );
  return { dir: targetDir, classList };
}
