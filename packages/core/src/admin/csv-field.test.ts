import { describe, expect, it } from 'vitest';
import { csvField } from './audit-csv';

describe('a CSV field of an export', () => {
  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'starting like %j is kept from running as a formula',
    (value) => {
      expect(csvField(value).replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  it('is left as it is when no spreadsheet would run it', () => {
    expect(csvField('Smith')).toBe('Smith');
    expect(csvField('a=b')).toBe('a=b');
  });
});
