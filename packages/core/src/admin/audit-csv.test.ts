import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADER, auditCsvLine, csvField } from './audit-csv';
import { auditEntryFixture } from './test-helpers';

describe('audit CSV', () => {
  it('starts with the column names', () => {
    expect(AUDIT_CSV_HEADER).toBe('at,actor,role,action,claim,document,address,details\r\n');
  });

  it('writes one entry per line in the header order', () => {
    expect(auditCsvLine(auditEntryFixture())).toBe(
      '2027-02-22T16:00:00.000Z,rita.reviewer@example.test,reviewer,claim_transition,CD3F-7HTW,,198.51.100.7,start_review\r\n',
    );
  });

  it('leaves an absent value empty', () => {
    expect(csvField(null)).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
  });
});
