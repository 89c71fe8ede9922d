import { describe, expect, it } from 'vitest';
import { encodeSubmissionParts } from './submission-encoding';
import { payload, receipt, textFields } from './test-helpers';

describe('encodeSubmissionParts', () => {
  it('sends the text parts first, in a fixed order, then the files', () => {
    const parts = encodeSubmissionParts(payload());
    expect(parts.map((part) => part.name)).toEqual([
      'reCaptchaResponse',
      'userPreferredCulture',
      'captchaRawValue',
      'credentials',
      'claimantInfo',
      'claimDetails',
      'signature',
      'prepopulatedData',
      'documentContexts',
      'claimTransactions',
      'documents',
    ]);
  });

  it('writes models as JSON, an absent model as null and an absent captcha value as empty', () => {
    const fields = textFields(encodeSubmissionParts(payload()));
    expect(fields.claimDetails).toBe('null');
    expect(fields.captchaRawValue).toBe('');
    expect(JSON.parse(fields.documentContexts as string)).toEqual([receipt]);
  });

  it('names each file after its document context', () => {
    const file = encodeSubmissionParts(payload()).find((part) => part.kind === 'file');
    expect(file).toEqual({
      kind: 'file',
      name: 'documents',
      fileName: 'DocumentContexts-abcdefgh',
      file: 'bytes of receipt.pdf',
    });
  });

  it('refuses a file that belongs to no document context', () => {
    const documents = [{ contextClientId: 'DocumentContexts-zzzzzzzz', file: 'x' }];
    expect(() => encodeSubmissionParts(payload({ documents }))).toThrow(
      'file "DocumentContexts-zzzzzzzz" matches no document context; expected one of: DocumentContexts-abcdefgh',
    );
  });
});
