import { describe, expect, it } from 'vitest';
import {
  ALLOWED_DOCUMENT_TYPES,
  DESCRIBE_LENGTH,
  isAllowedDocumentType,
  isHeifImage,
  SNIFF_LENGTH,
  sniffFileType,
} from './file-type';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));

const PDF = text('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d);
/** An iPhone photo: a 24-byte ftyp box with the major brand "heic". */
const HEIC = concat(bytes(0x00, 0x00, 0x00, 0x18), text('ftypheic'), bytes(0, 0, 0, 0));

describe('sniffFileType', () => {
  it('recognises a PDF', () => {
    expect(sniffFileType(PDF)).toBe('application/pdf');
  });

  it('recognises a JPEG', () => {
    expect(sniffFileType(JPEG)).toBe('image/jpeg');
  });

  it('recognises a PNG', () => {
    expect(sniffFileType(PNG)).toBe('image/png');
  });

  it('needs no more than the first SNIFF_LENGTH bytes', () => {
    expect(sniffFileType(PNG.subarray(0, SNIFF_LENGTH))).toBe('image/png');
  });

  it('refuses a text file whatever its name', () => {
    expect(sniffFileType(text('Receipt: one car wash, paid in cash.\n'))).toBeNull();
  });

  it('refuses a Windows executable', () => {
    expect(sniffFileType(concat(text('MZ'), new Uint8Array(30)))).toBeNull();
  });

  it('refuses a file cut short inside the signature', () => {
    expect(sniffFileType(PNG.subarray(0, 7))).toBeNull();
  });

  it('refuses an empty file', () => {
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it('refuses a PDF signature that does not start the file', () => {
    expect(sniffFileType(concat(bytes(0x20), PDF))).toBeNull();
  });

  it('refuses a HEIC photo', () => {
    expect(sniffFileType(HEIC)).toBeNull();
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

describe('isHeifImage', () => {
  it('recognises a HEIC photo by its ftyp brand', () => {
    expect(isHeifImage(HEIC)).toBe(true);
  });

  it('recognises a HEIF image of the mif1 brand', () => {
    const heif = concat(bytes(0x00, 0x00, 0x00, 0x1c), text('ftypmif1'), bytes(0, 0, 0, 0));
    expect(isHeifImage(heif)).toBe(true);
  });

  it('needs no more than the first DESCRIBE_LENGTH bytes', () => {
    expect(isHeifImage(HEIC.subarray(0, DESCRIBE_LENGTH))).toBe(true);
  });

  it('does not take an MP4 video for a photo', () => {
    const mp4 = concat(bytes(0x00, 0x00, 0x00, 0x18), text('ftypisom'), bytes(0, 0, 0, 0));
    expect(isHeifImage(mp4)).toBe(false);
  });

  it('does not take a file cut short before its brand for a photo', () => {
    expect(isHeifImage(HEIC.subarray(0, 10))).toBe(false);
  });

  it('does not take a PNG for a photo of that kind', () => {
    expect(isHeifImage(PNG)).toBe(false);
  });
});
