import { Readable } from 'node:stream';
import { parse, type Info, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';

/**
 * The administrator's lists read with csv-parse (RFC 4180: comma separated, fields optionally
 * in double quotes, "" for a quote inside quotes, CRLF, LF or CR line ends, a byte-order mark
 * allowed, blank lines skipped). The first row names the columns. Lists can hold millions of
 * rows, so readCsvStream reads a stream piece by piece without holding the file in memory.
 */

export interface CsvRow {
  /** The line the row starts on, 1-based. */
  line: number;
  /** The row keyed by column name, each value trimmed. */
  values: Record<string, string>;
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

export class CsvError extends Error {
  override name = 'CsvError';
}

const PARSE_OPTIONS: Options = {
  bom: true,
  info: true,
  skip_empty_lines: true,
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

interface ParsedRecord {
  record: string[];
  info: Info;
}

const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * Turns csv-parse's records into rows numbered by the line they start on. csv-parse reports
 * the line a record ends on and counts a CRLF inside a quoted field as two lines, so the start
 * is found from the line breaks inside the record, less the lines over-counted before it.
 */
class RowReader {
  private header: string[] | undefined;
  private overCounted = 0;

  /** The header, then one row per record. */
  read({ record, info }: ParsedRecord): CsvRow | undefined {
    const inside = record.join('\n');
    const line = info.lines - this.overCounted - (countOf(inside, /[\r\n]/g) - record.length + 1);
    this.overCounted += countOf(inside, /\r\n/g);
    if (this.header === undefined) {
      this.header = headerOf(record);
      return undefined;
    }
    const header = this.header;
    if (record.length !== header.length) {
      throw new CsvError(
        `line ${line}: ${record.length} fields; expected ${header.length} (${header.join(', ')})`,
      );
    }
    const values: Record<string, string> = {};
    header.forEach((name, index) => {
      values[name] = (record[index] as string).trim();
    });
    return { line, values };
  }

  get headerRead(): string[] {
    if (this.header === undefined) throw new CsvError('the file is empty; expected a header row');
    return this.header;
  }
}

function headerOf(record: readonly string[]): string[] {
  const header = record.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') throw new CsvError('line 1: a column has no name');
    if (seen.has(name)) throw new CsvError(`line 1: column "${name}" appears twice`);
    seen.add(name);
  }
  return header;
}

/** csv-parse's own errors (an unclosed quote, a stray one) in the list's words. */
function csvErrorOf(error: unknown): unknown {
  const { code, lines } = error as { code?: unknown; lines?: unknown };
  if (typeof code !== 'string' || !code.startsWith('CSV_')) return error;
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    return new CsvError(`line ${String(lines)}: a quoted field is not closed`);
  }
  return new CsvError(`line ${String(lines)}: ${(error as Error).message}`);
}

export function parseCsv(text: string): CsvTable {
  let records: ParsedRecord[];
  try {
    records = parseSync(text, PARSE_OPTIONS) as unknown as ParsedRecord[];
  } catch (error) {
    throw csvErrorOf(error);
  }
  const reader = new RowReader();
  const rows = records.map((record) => reader.read(record)).filter((row) => row !== undefined);
  return { header: reader.headerRead, rows };
}

export interface CsvStream {
  header: string[];
  /** The rows after the header, read from the source as they are asked for. */
  rows: AsyncGenerator<CsvRow>;
}

/** Reads the header of CSV text arriving in pieces, and then its rows one by one. */
export async function readCsvStream(source: AsyncIterable<string | Buffer>): Promise<CsvStream> {
  const parser = Readable.from(source).pipe(parse(PARSE_OPTIONS));
  const records = (parser as AsyncIterable<ParsedRecord>)[Symbol.asyncIterator]();
  const reader = new RowReader();
  const next = async () => {
    try {
      return await records.next();
    } catch (error) {
      throw csvErrorOf(error);
    }
  };
  const first = await next();
  if (first.done !== true) reader.read(first.value);
  const header = reader.headerRead;
  async function* rows(): AsyncGenerator<CsvRow> {
    try {
      for (let record = await next(); record.done !== true; record = await next()) {
        const row = reader.read(record.value);
        if (row !== undefined) yield row;
      }
    } finally {
      parser.destroy();
    }
  }
  return { header, rows: rows() };
}
