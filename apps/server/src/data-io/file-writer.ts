import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { csvLine } from '@claims/core/admin/audit-csv';
import { IMPORT_REPORT_COLUMNS } from '@claims/core/admin/data-io-api';
import type { RowProblem } from '@claims/core/admin/import-rows';

/** A file written piece by piece, waiting whenever the disk is behind (never all in memory). */
export class FileWriter {
  private readonly stream: WriteStream;
  private closing: Promise<void> | undefined;

  constructor(file: string) {
    this.stream = createWriteStream(file);
  }

  async write(text: string | Buffer): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  /** Ends the file once written; closing again answers the same. */
  close(): Promise<void> {
    if (this.closing === undefined) {
      this.stream.end();
      this.closing = finished(this.stream);
    }
    return this.closing;
  }
}

/**
 * The report of an import: one CSV line per problem of a refused row (line, column, problem),
 * cells a spreadsheet would run as formulas escaped (audit-csv.ts csvField).
 */
export class ImportReport {
  refused = 0;
  private readonly writer: FileWriter;

  constructor(file: string) {
    this.writer = new FileWriter(file);
  }

  async open(): Promise<void> {
    await this.writer.write(csvLine(IMPORT_REPORT_COLUMNS));
  }

  /** Records a refused row with each of its problems. */
  async refuse(line: number, problems: readonly RowProblem[]): Promise<void> {
    this.refused += 1;
    for (const { column, problem } of problems) {
      await this.writer.write(csvLine([String(line), column, problem]));
    }
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
