import { describe, expect, it } from 'vitest';
import { classListRowProblems } from '@claims/core/admin/import-rows';
import { parseCsv, type CsvTable } from '../../../apps/server/src/case/csv';
import { classListLines } from './class-list-lines';

const TEMPLATE: CsvTable = {
  header: ['NoticeId', 'Pin', 'FirstName', 'MailingStreetLine1'],
  rows: [
    {
      line: 2,
      values: {
        NoticeId: 'NW00000001',
        Pin: '111111',
        FirstName: 'Ana',
        MailingStreetLine1: '1 Main St',
      },
    },
    {
      line: 3,
      values: {
        NoticeId: 'NW00000002',
        Pin: '222222',
        FirstName: 'Bo',
        MailingStreetLine1: '2 Oak Rd, Apt 4',
      },
    },
  ],
};

const listOf = (count: number, taken?: ReadonlySet<string>) =>
  parseCsv([...classListLines(TEMPLATE, count, taken)].join(''));

describe('classListLines', () => {
  it('writes the header and one row per member, each passing the demo case rules', () => {
    const list = listOf(1000);
    expect(list.header).toEqual(TEMPLATE.header);
    expect(list.rows).toHaveLength(1000);
    for (const { values } of list.rows) {
      expect(values.NoticeId).toMatch(/^NW[0-9]{8}$/);
      expect(values.Pin).toMatch(/^[0-9]{6}$/);
      // The import keys columns in camel case (apps/server/src/data-io/csv-rows.ts).
      expect(
        classListRowProblems({ noticeId: values.NoticeId ?? '', pin: values.Pin ?? '' }),
      ).toEqual([]);
    }
  });

  it('gives every member a Notice ID of its own', () => {
    const ids = listOf(5000).rows.map((row) => row.values.NoticeId);
    expect(new Set(ids).size).toBe(5000);
  });

  it('copies the template rows in turn, quoting a value with a comma', () => {
    const rows = listOf(3).rows.map((row) => row.values.MailingStreetLine1);
    expect(rows).toEqual(['1 Main St', '2 Oak Rd, Apt 4', '1 Main St']);
  });

  it('skips the Notice IDs already taken', () => {
    const first = listOf(1).rows[0]?.values.NoticeId ?? '';
    const ids = listOf(2, new Set([first])).rows.map((row) => row.values.NoticeId);
    expect(ids).not.toContain(first);
    expect(ids).toHaveLength(2);
  });

  it('makes the same list every time', () => {
    expect(listOf(50)).toEqual(listOf(50));
  });
});
