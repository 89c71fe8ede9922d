import { createReadStream } from 'node:fs';
import { toCamelCase } from '@claims/core/text/camel-case';
import { CsvError, readCsvStream, type CsvRow } from '../case/csv';

/**
 * The rows of an imported CSV file, read as a stream (case/csv.ts), with camelCase column
 * names as the lists' columns are keyed (NoticeId, noticeId). A file that is not CSV, or lacks
 * a required column, is a CsvError.
 */
export async function* readCsvRows(
  file: string,
  required: readonly string[],
): AsyncGenerator<CsvRow> {
  const stream = await readCsvStream(createReadStream(file));
  const header = stream.header.map(toCamelCase);
  const duplicate = header.find((column, index) => header.indexOf(column) !== index);
  if (duplicate !== undefined) {
    throw new CsvError(`two columns are both named "${duplicate}" once camelCased`);
  }
  for (const column of required) {
    if (!header.includes(column)) {
      throw new CsvError(`column "${column}" is missing; the columns are ${header.join(', ')}`);
    }
  }
  for await (const row of stream.rows) {
    const values: Record<string, string> = {};
    stream.header.forEach((name, index) => {
      values[header[index] as string] = row.values[name] as string;
    });
    yield { line: row.line, values };
  }
}

/** Counts the file's lines without parsing it: the total a progress bar is measured against. */
export async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer;
    for (let index = bytes.indexOf(10); index !== -1; index = bytes.indexOf(10, index + 1)) {
      lines += 1;
    }
    if (bytes.length > 0) last = bytes[bytes.length - 1] as number;
  }
  return last === 10 ? lines : lines + 1;
}
