import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from './limits';
import { checkChosenDocument, isDocumentRefusalReason } from './refusal';

const text = (value: string) => new TextEncoder().encode(value);
const PDF_HEAD = text('%PDF-1.7\n%âãÏÓ');
const HEIC_HEAD = new Uint8Array([0, 0, 0, 0x18, ...text('ftypheic')]);

const chosen = (changes: Partial<Parameters<typeof checkChosenDocument>[0]> = {}) => ({
  size: 2048,
  head: PDF_HEAD,
  otherDocuments: 0,
  ...changes,
});

describe('checkChosenDocument', () => {
  it('takes a PDF within the limits, with the type its content names', () => {
    expect(checkChosenDocument(chosen())).toEqual({ ok: true, contentType: 'application/pdf' });
  });

  it('takes a file of exactly the largest size allowed', () => {
    expect(checkChosenDocument(chosen({ size: DOCUMENT_LIMITS.maxBytes })).ok).toBe(true);
  });

  it('refuses a file one byte over the size allowed', () => {
    expect(checkChosenDocument(chosen({ size: DOCUMENT_LIMITS.maxBytes + 1 }))).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
  });

  it('refuses a document beyond the number a claim may carry', () => {
    const check = checkChosenDocument(chosen({ otherDocuments: DOCUMENT_LIMITS.maxDocuments }));
    expect(check).toEqual({ ok: false, reason: 'tooMany' });
  });

  it('takes the last document a claim may carry', () => {
    const check = checkChosenDocument(chosen({ otherDocuments: DOCUMENT_LIMITS.maxDocuments - 1 }));
    expect(check.ok).toBe(true);
  });

  it('refuses an empty file', () => {
    expect(checkChosenDocument(chosen({ size: 0, head: new Uint8Array() }))).toEqual({
      ok: false,
      reason: 'empty',
    });
  });

  it('refuses a text file renamed to .pdf', () => {
    expect(checkChosenDocument(chosen({ head: text('Receipt: paid') }))).toEqual({
      ok: false,
      reason: 'notAllowedType',
    });
  });

  it('names a HEIC photo as such', () => {
    expect(checkChosenDocument(chosen({ head: HEIC_HEAD }))).toEqual({
      ok: false,
      reason: 'heicPhoto',
    });
  });
});

describe('isDocumentRefusalReason', () => {
  it('tells the reasons from other text', () => {
    expect(isDocumentRefusalReason('heicPhoto')).toBe(true);
    expect(isDocumentRefusalReason('photo')).toBe(false);
  });
});
