import { describe, expect, it } from 'vitest';
import { decodeSubmissionFields, fileValueSchema, matchDocumentsToContexts } from './submission';
import { encodeSubmissionParts } from './submission-encoding';
import { model, payload, receipt, textFields } from './test-helpers';

describe('fileValueSchema', () => {
  it('records an unknown type when the browser reports none', () => {
    expect(fileValueSchema.parse({ name: 'scan', size: 10, type: '' }).type).toBe('unknown');
    expect(fileValueSchema.parse({ name: 'scan', size: 10 }).type).toBe('unknown');
  });

  it('refuses a negative size', () => {
    expect(fileValueSchema.safeParse({ name: 'scan', size: -1 }).success).toBe(false);
  });
});

describe('decodeSubmissionFields', () => {
  it('reads back what encodeSubmissionParts writes', () => {
    const { documents: _documents, ...fields } = payload({ captchaRawValue: 'previous' });
    const decoded = decodeSubmissionFields(
      textFields(encodeSubmissionParts(payload({ captchaRawValue: 'previous' }))),
    );
    expect(decoded.success && decoded.data).toEqual(fields);
  });

  it('treats absent model parts as empty and an empty captcha value as null', () => {
    const decoded = decodeSubmissionFields({
      reCaptchaResponse: 'token',
      userPreferredCulture: 'en',
      captchaRawValue: '',
    });
    expect(decoded.success && decoded.data).toEqual({
      reCaptchaResponse: 'token',
      userPreferredCulture: 'en',
      captchaRawValue: null,
      credentials: null,
      claimantInfo: null,
      claimDetails: null,
      signature: null,
      prepopulatedData: [],
      documentContexts: [],
      claimTransactions: [],
    });
  });

  it('names a part that is not JSON', () => {
    const decoded = decodeSubmissionFields({
      reCaptchaResponse: 't',
      userPreferredCulture: 'en',
      signature: '{oops',
    });
    expect(decoded.error?.issues).toEqual([
      expect.objectContaining({ path: ['signature'], message: 'part is not valid JSON' }),
    ]);
  });

  it('names the part and field of a model with the wrong dtoMapping', () => {
    const fields = {
      reCaptchaResponse: 't',
      userPreferredCulture: 'en',
      claimantInfo: JSON.stringify(model('Signature', 'abcdefgh')),
    };
    expect(decodeSubmissionFields(fields).error?.issues).toEqual([
      expect.objectContaining({
        path: ['claimantInfo', 'metadata', 'dtoMapping'],
        message: 'expected a model with dtoMapping ClaimantInfo',
      }),
    ]);
  });

  it('names the list entry of an invalid model', () => {
    const broken = { ...receipt, clientId: '../../etc/passwd' };
    const fields = {
      reCaptchaResponse: 't',
      userPreferredCulture: 'en',
      documentContexts: JSON.stringify([receipt, broken]),
    };
    expect(decodeSubmissionFields(fields).error?.issues[0]?.path).toEqual([
      'documentContexts',
      1,
      'clientId',
    ]);
  });

  it('refuses a part with an unknown name', () => {
    const decoded = decodeSubmissionFields({
      reCaptchaResponse: 't',
      userPreferredCulture: 'en',
      isAdmin: 'true',
    });
    expect(decoded.error?.issues[0]?.message).toMatch(
      /^unexpected part "isAdmin"; expected one of reCaptchaResponse,/,
    );
  });

  it('refuses a submission without a culture', () => {
    expect(decodeSubmissionFields({ reCaptchaResponse: 't' }).error?.issues[0]?.path).toEqual([
      'userPreferredCulture',
    ]);
  });
});

describe('matchDocumentsToContexts', () => {
  const second = model('DocumentContexts', 'hjkmnpqr');

  it('pairs each file with the context of the same clientId', () => {
    const result = matchDocumentsToContexts([receipt, second], [second.clientId, receipt.clientId]);
    expect(result).toEqual({
      ok: true,
      matches: [
        { context: second, fileName: second.clientId },
        { context: receipt, fileName: receipt.clientId },
      ],
    });
  });

  it('refuses a file no context names', () => {
    expect(matchDocumentsToContexts([], ['receipt.pdf'])).toEqual({
      ok: false,
      error: 'file "receipt.pdf" matches no document context; expected one of: (none)',
    });
  });

  it('refuses two files for one context', () => {
    expect(matchDocumentsToContexts([receipt], [receipt.clientId, receipt.clientId])).toEqual({
      ok: false,
      error: `more than one file is named "${receipt.clientId}"; each document context takes one file`,
    });
  });

  it('refuses a context without a file', () => {
    expect(matchDocumentsToContexts([receipt, second], [receipt.clientId])).toEqual({
      ok: false,
      error: `document context "${second.clientId}" has no uploaded file`,
    });
  });

  it('refuses two contexts with the same clientId', () => {
    expect(matchDocumentsToContexts([receipt, receipt], [receipt.clientId])).toEqual({
      ok: false,
      error: `two document contexts share the clientId "${receipt.clientId}"; each needs its own`,
    });
  });
});
