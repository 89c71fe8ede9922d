import { describe, expect, it } from 'vitest';
import {
  SAMPLE_EXECUTABLE,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  SAMPLE_PNG,
  SAMPLE_TEXT,
} from '../../test-fakes/sample-documents';
import {
  ALLOWED_DOCUMENT_TYPES,
  isAllowedDocumentType,
  SNIFF_LENGTH,
  sniffFileType,
} from './file-type';

describe('sniffFileType', () => {
  it('recognises a PDF', () => {
    expect(sniffFileType(SAMPLE_PDF)).toBe('application/pdf');
  });

  it('recognises a JPEG', () => {
    expect(sniffFileType(SAMPLE_JPEG)).toBe('image/jpeg');
  });

  it('recognises a PNG', () => {
    expect(sniffFileType(SAMPLE_PNG)).toBe('image/png');
  });

  it('needs no more than the first SNIFF_LENGTH bytes', () => {
    expect(sniffFileType(SAMPLE_PNG.subarray(0, SNIFF_LENGTH))).toBe('image/png');
  });

  it('refuses a text file whatever its name', () => {
    expect(sniffFileType(SAMPLE_TEXT)).toBeNull();
  });

  it('refuses a Windows executable', () => {
    expect(sniffFileType(SAMPLE_EXECUTABLE)).toBeNull();
  });

  it('refuses a file cut short inside the signature', () => {
    expect(sniffFileType(SAMPLE_PNG.subarray(0, 7))).toBeNull();
  });

  it('refuses an empty file', () => {
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it('refuses a PDF signature that does not start the file', () => {
    const shifted = new Uint8Array([0x20, ...SAMPLE_PDF.subarray(0, 16)]);
    expect(sniffFileType(shifted)).toBeNull();
  });
});

describe('ALLOWED_DOCUMENT_TYPES', () => {
  it('holds exactly PDF, JPEG and PNG', () => {
    expect([...ALLOWED_DOCUMENT_TYPES].sort()).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
    ]);
  });

  it('tells allowed types from others', () => {
    expect(isAllowedDocumentType('image/png')).toBe(true);
    expect(isAllowedDocumentType('text/plain')).toBe(false);
  });
});
