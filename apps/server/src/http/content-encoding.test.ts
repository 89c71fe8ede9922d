import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compressBody,
  MIN_COMPRESSIBLE_BYTES,
  pickBody,
  preferredEncoding,
} from './content-encoding';

const JSON_BODY = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id }))));

describe('preferredEncoding', () => {
  it('prefers brotli when the request accepts both', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
  });

  it('takes gzip when brotli is not accepted', () => {
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });

  it('respects a coding refused with q=0', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
  });

  it('reads * as every coding not named', () => {
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
  });

  it('answers null without an Accept-Encoding header or an accepted coding', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });

  it('only picks among the offered codings', () => {
    expect(preferredEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});

describe('compressBody', () => {
  it('keeps brotli and gzip copies that decompress to the body', () => {
    const bodies = compressBody(JSON_BODY);
    expect(brotliDecompressSync(bodies.br!)).toEqual(JSON_BODY);
    expect(gunzipSync(bodies.gzip!)).toEqual(JSON_BODY);
    expect(bodies.br!.byteLength).toBeLessThan(JSON_BODY.byteLength);
  });

  it('does not compress a body too small to gain from it', () => {
    const small = Buffer.alloc(MIN_COMPRESSIBLE_BYTES - 1, 'a');
    expect(compressBody(small)).toEqual({ identity: small });
  });
});

describe('pickBody', () => {
  it('sends the body as it is when no copy fits the request', () => {
    const bodies = compressBody(JSON_BODY);
    expect(pickBody(bodies, undefined)).toEqual({ body: JSON_BODY, encoding: null });
    expect(pickBody({ identity: JSON_BODY }, 'br')).toEqual({ body: JSON_BODY, encoding: null });
  });

  it('sends the copy of the encoding the request prefers', () => {
    const bodies = compressBody(JSON_BODY);
    expect(pickBody(bodies, 'gzip')).toEqual({ body: bodies.gzip, encoding: 'gzip' });
  });
});
