import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, readCsvStream } from './csv';

describe('parseCsv', () => {
  it('reads a header and rows keyed by column', () => {
    expect(parseCsv('A,B\n1,2\n3,4\n')).toEqual({
      header: ['A', 'B'],
      rows: [
        { line: 2, values: { A: '1', B: '2' } },
        { line: 3, values: { A: '3', B: '4' } },
      ],
    });
  });

  it('reads quoted fields with commas, quotes and line breaks', () => {
    const table = parseCsv('Name,Note\r\n"Smith, Jr.","said ""hi""\nthen left"\r\nLee,ok');
    expect(table.rows.map((row) => row.values)).toEqual([
      { Name: 'Smith, Jr.', Note: 'said "hi"\nthen left' },
      { Name: 'Lee', Note: 'ok' },
    ]);
    expect(table.rows[1]?.line).toBe(4);
  });

  it('skips a byte-order mark and blank lines', () => {
    expect(parseCsv('\ufeffA\n1\n\n2\n').rows.map((row) => row.values.A)).toEqual(['1', '2']);
  });

  it('names the line of a row with the wrong number of fields', () => {
    expect(() => parseCsv('A,B\n1,2\n3\n')).toThrow(
      new CsvError('line 3: 1 fields; expected 2 (A, B)'),
    );
  });

  it('refuses a quote that is not closed', () => {
    expect(() => parseCsv('A\n"open\n')).toThrow(/line 2: a quoted field is not closed/);
  });

  it('refuses a column named twice', () => {
    expect(() => parseCsv('A,A\n1,2')).toThrow('line 1: column "A" appears twice');
  });

  it('refuses an empty file', () => {
    expect(() => parseCsv('')).toThrow('the file is empty; expected a header row');
  });
});

const TRICKY =
  '\ufeffName,Note\r\n"Smith, Jr.","said ""hi""\r\nthen left"\r\nLee,""""\n\n"",x\r\nKim,"a""b"';

async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

describe('readCsvStream', () => {
  it('reads the header, then the rows as they arrive', async () => {
    const stream = await readCsvStream(pieces(TRICKY, 3));
    expect(stream.header).toEqual(['Name', 'Note']);
    const rows = [];
    for await (const row of stream.rows) rows.push(row);
    expect(rows).toEqual(parseCsv(TRICKY).rows);
  });

  it('reads the same rows, on the lines they start on, whatever pieces the text arrives in', async () => {
    const whole = parseCsv(TRICKY).rows;
    expect(whole.map((row) => row.line)).toEqual([2, 4, 6, 7]);
    for (let size = 1; size <= TRICKY.length; size += 1) {
      const stream = await readCsvStream(pieces(TRICKY, size));
      const rows = [];
      for await (const row of stream.rows) rows.push(row);
      expect(rows, `pieces of ${size}`).toEqual(whole);
    }
  });

  it('names the line of a row with the wrong number of fields', async () => {
    const stream = await readCsvStream(pieces('A,B\n1,2\n3\n', 2));
    const read = async () => {
      for await (const _row of stream.rows) {
        // reading is what fails
      }
    };
    await expect(read()).rejects.toThrow(new CsvError('line 3: 1 fields; expected 2 (A, B)'));
  });

  it('refuses an empty stream', async () => {
    await expect(readCsvStream(pieces('', 1))).rejects.toThrow(
      'the file is empty; expected a header row',
    );
  });
});
