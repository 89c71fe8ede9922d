import { describe, expect, it } from 'vitest';
import { sniffFileType } from '@claims/core/documents/file-type';
import { buildSamplePdf } from './sample-pdf';

describe('buildSamplePdf', () => {
  it('is at least the size asked, and not much more', () => {
    const pdf = buildSamplePdf('Invoice', 200_000, 1);
    expect(pdf.length).toBeGreaterThanOrEqual(200_000);
    expect(pdf.length).toBeLessThan(210_000);
  });

  it('is a PDF to the server, which reads the type from the content', () => {
    expect(sniffFileType(buildSamplePdf('Invoice', 5000, 1))).toBe('application/pdf');
  });

  it('has a cross-reference table whose offsets point at its objects', () => {
    const text = buildSamplePdf('Invoice', 20_000, 1).toString('latin1');
    const xref = text.slice(text.lastIndexOf('\nxref\n'));
    const offsets = [...xref.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets.length).toBeGreaterThan(3);
    offsets.forEach((offset, index) => {
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`));
    });
  });

  it('gives the same bytes for the same title and seed', () => {
    expect(buildSamplePdf('Invoice', 5000, 3).equals(buildSamplePdf('Invoice', 5000, 3))).toBe(
      true,
    );
  });

  it('refuses a size too small for a page', () => {
    expect(() => buildSamplePdf('Invoice', 100, 1)).toThrow('PDF size 100 is not valid');
  });
});
