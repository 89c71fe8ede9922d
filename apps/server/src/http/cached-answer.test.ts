import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';
import { cacheAnswer, etagMatches } from './cached-answer';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  new TestClient(testApp.app).request({ method: 'GET', url, headers });

describe('cacheAnswer', () => {
  it('refuses an answer outside its schema, naming the call', () => {
    expect(() => cacheAnswer('GET /api/x', z.object({ a: z.string() }), { a: 1 } as never)).toThrow(
      /^answer of GET \/api\/x breaks its schema: a: /,
    );
  });

  it('gives equal answers equal ETags and different answers different ones', () => {
    const schema = z.object({ a: z.string() });
    expect(cacheAnswer('x', schema, { a: 'one' }).etag).toBe(
      cacheAnswer('y', schema, { a: 'one' }).etag,
    );
    expect(cacheAnswer('x', schema, { a: 'one' }).etag).not.toBe(
      cacheAnswer('x', schema, { a: 'two' }).etag,
    );
  });
});

describe('etagMatches', () => {
  it('matches the tag alone, in a list, weak, or *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe.each([
  '/api/forms/config',
  '/api/site',
  '/api/deadlines',
  '/api/cultures',
  '/api/characters-whitelist',
  '/api/culture/content?culture=en',
])('GET %s', (url) => {
  it('answers JSON with a strong ETag that the browser must revalidate', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(() => response.json()).not.toThrow();
  });

  it('answers 304 without a body when the browser holds the same answer', async () => {
    const { headers } = await get(url);
    const response = await get(url, { 'if-none-match': String(headers.etag) });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
  });
});

describe('a cached answer', () => {
  it('is sent whole again for an ETag that is not current', async () => {
    const response = await get('/api/forms/config', { 'if-none-match': '"an-old-tag"' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeInstanceOf(Array);
  });

  it('is sent brotli-compressed to a browser that accepts it', async () => {
    const plain = await get('/api/forms/config');
    const response = await get('/api/forms/config', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it('differs between cultures, each with its own ETag', async () => {
    const english = await get('/api/culture/content?culture=en');
    const spanish = await get('/api/culture/content?culture=es');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
    expect(spanish.body).not.toBe(english.body);
  });
});
