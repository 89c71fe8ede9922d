import { describe, expect, it } from 'vitest';
import { encodeMultipart } from './multipart-body';

describe('encodeMultipart', () => {
  const file = { bytes: Buffer.from('PDFBYTES'), type: 'application/pdf' };

  it('writes text parts and file parts in order, closed by the final boundary', () => {
    const body = encodeMultipart(
      [
        { kind: 'text', name: 'userPreferredCulture', value: 'en' },
        { kind: 'file', name: 'documents', fileName: 'ctx-abcdefgh', file },
      ],
      'XYZ',
    );
    expect(Buffer.concat(body.segments).toString('utf8')).toBe(
      '--XYZ\r\nContent-Disposition: form-data; name="userPreferredCulture"\r\n\r\nen\r\n' +
        '--XYZ\r\nContent-Disposition: form-data; name="documents"; filename="ctx-abcdefgh"\r\nContent-Type: application/pdf\r\n\r\nPDFBYTES\r\n' +
        '--XYZ--\r\n',
    );
    expect(body.contentType).toBe('multipart/form-data; boundary=XYZ');
  });

  it('shares the file bytes instead of copying them', () => {
    const body = encodeMultipart(
      [{ kind: 'file', name: 'documents', fileName: 'ctx-abcdefgh', file }],
      'XYZ',
    );
    expect(body.segments).toContain(file.bytes);
  });

  it('counts the length of the whole body', () => {
    const body = encodeMultipart(
      [{ kind: 'text', name: 'userPreferredCulture', value: 'é' }],
      'XYZ',
    );
    expect(body.length).toBe(Buffer.concat(body.segments).length);
  });

  it('refuses a file name that would break the header', () => {
    expect(() =>
      encodeMultipart([{ kind: 'file', name: 'documents', fileName: 'a"b', file }]),
    ).toThrow('cannot hold quotes or line breaks');
  });
});
