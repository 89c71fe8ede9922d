/**
 * A CSV parser for the administrator's lists (RFC 4180: comma separated, fields optionally
 * in double quotes, "" for a quote inside quotes, CRLF or LF line ends, a byte-order mark
 * allowed). The first row names the columns. Lists can hold millions of rows, so the parser
 * also reads a stream piece by piece (readCsvStream) without holding the file in memory.
 */

export interface CsvRow {
  /** The row's 1-based line in the file. */
  line: number;
  /** The row keyed by column name. */
  values: Record<string, string>;
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

export class CsvError extends Error {
  override name = 'CsvError';
}

interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records, given in pieces of any size: a quote, a CRLF or a byte-order
 * mark cut between two pieces reads as if it had arrived whole.
 */
export class CsvRecordParser {
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  /** A quote ended the last piece inside a quoted field: "" or the field's end. */
  private quoteAtEnd = false;
  /** A CR ended the last piece: a LF opening the next one belongs to it. */
  private crAtEnd = false;
  private started = false;
  private line = 1;
  private recordLine = 1;
  private records: CsvRecord[] = [];

  /** Parses the next piece; returns the records it completed. */
  push(text: string): CsvRecord[] {
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.crAtEnd && i < text.length) {
      this.crAtEnd = false;
      if (text[i] === '\n') i += 1;
    }
    if (this.quoteAtEnd && i < text.length) {
      this.quoteAtEnd = false;
      if (text[i] === '"') {
        this.field += '"';
        i += 1;
      } else {
        this.quoted = false;
      }
    }
    for (; i < text.length; i += 1) {
      const char = text[i] as string;
      if (this.quoted) {
        if (char === '"') {
          if (i + 1 === text.length) {
            this.quoteAtEnd = true;
          } else if (text[i + 1] === '"') {
            this.field += '"';
            i += 1;
          } else {
            this.quoted = false;
          }
        } else {
          if (char === '\n') this.line += 1;
          this.field += char;
        }
      } else if (char === '"') {
        if (this.field !== '') {
          throw new CsvError(`line ${this.line}: a quote may only open a field`);
        }
        this.quoted = true;
      } else if (char === ',') {
        this.fields.push(this.field);
        this.field = '';
      } else if (char === '\n' || char === '\r') {
        if (char === '\r') {
          if (i + 1 === text.length) this.crAtEnd = true;
          else if (text[i + 1] === '\n') i += 1;
        }
        this.endRecord();
        this.line += 1;
        this.recordLine = this.line;
      } else {
        this.field += char;
      }
    }
    return this.take();
  }

  /** Ends the text; returns the last record, if any. */
  end(): CsvRecord[] {
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      this.quoted = false;
    }
    if (this.quoted) throw new CsvError(`line ${this.recordLine}: a quoted field is not closed`);
    this.endRecord();
    return this.take();
  }

  private endRecord(): void {
    this.fields.push(this.field);
    const fields = this.fields;
    if (!(fields.length === 1 && fields[0] === '')) {
      this.records.push({ line: this.recordLine, fields });
    }
    this.fields = [];
    this.field = '';
  }

  private take(): CsvRecord[] {
    const records = this.records;
    this.records = [];
    return records;
  }
}

function headerOf(record: CsvRecord | undefined): string[] {
  if (record === undefined) throw new CsvError('the file is empty; expected a header row');
  const header = record.fields.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') throw new CsvError('line 1: a column has no name');
    if (seen.has(name)) throw new CsvError(`line 1: column "${name}" appears twice`);
    seen.add(name);
  }
  return header;
}

function rowOf(header: readonly string[], { line, fields }: CsvRecord): CsvRow {
  if (fields.length !== header.length) {
    throw new CsvError(
      `line ${line}: ${fields.length} fields; expected ${header.length} (${header.join(', ')})`,
    );
  }
  const values: Record<string, string> = {};
  header.forEach((name, index) => {
    values[name] = (fields[index] as string).trim();
  });
  return { line, values };
}

export function parseCsv(text: string): CsvTable {
  const parser = new CsvRecordParser();
  const [head, ...body] = [...parser.push(text), ...parser.end()];
  const header = headerOf(head);
  return { header, rows: body.map((record) => rowOf(header, record)) };
}

export interface CsvStream {
  header: string[];
  /** The rows after the header, read from the source as they are asked for. */
  rows: AsyncGenerator<CsvRow>;
}

/** Reads the header of CSV text arriving in pieces, and then its rows one by one. */
export async function readCsvStream(source: AsyncIterable<string>): Promise<CsvStream> {
  const parser = new CsvRecordParser();
  const pieces = source[Symbol.asyncIterator]();
  let pending: CsvRecord[] = [];
  let ended = false;
  const next = async (): Promise<void> => {
    const piece = await pieces.next();
    if (piece.done === true) {
      ended = true;
      pending = parser.end();
    } else {
      pending = parser.push(piece.value);
    }
  };
  while (pending.length === 0 && !ended) await next();
  const header = headerOf(pending.shift());
  async function* rows(): AsyncGenerator<CsvRow> {
    try {
      for (;;) {
        for (const record of pending) yield rowOf(header, record);
        pending = [];
        if (ended) return;
        await next();
      }
    } finally {
      if (!ended) await pieces.return?.();
    }
  }
  return { header, rows: rows() };
}
