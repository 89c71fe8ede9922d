import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../build/precompress-assets';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

// Long enough to be worth compressing, as a real build's index.html is.
const INDEX_HTML = `<!doctype html><html><body><div id="root"></div><noscript>${'<p>This site needs JavaScript.</p>'.repeat(40)}</noscript></body></html>`;
const SCRIPT = 'console.log("app");\n'.repeat(100);

let webDist: string;
let built: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'claims-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'assets', 'main-4f2a9c.js'), SCRIPT);
  await precompressAssets(webDist);
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  built = await startTestApp({ env: { WEB_DIST: webDist } });
  unbuilt = await startTestApp();
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string) => new TestClient(app.app).get(url);

describe('the built web app', () => {
  it.each([
    '/',
    '/standard',
    '/standard/claimant-info',
    '/lookup/',
    '/deadline',
    '/es/faq',
    '/privacy',
  ])('serves index.html with 200 for the app route %s', async (url) => {
    const response = await get(built, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves index.html with 404 for a path the app does not know', async () => {
    const response = await get(built, '/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets from /app/dist/ with a long cache lifetime', async () => {
    const response = await get(built, '/app/dist/assets/main-4f2a9c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other build files from /app/dist/ with a short cache lifetime', async () => {
    const response = await get(built, '/app/dist/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves an asset\u2019s brotli copy to a browser that accepts it', async () => {
    const response = await new TestClient(built.app).request({
      method: 'GET',
      url: '/app/dist/assets/main-4f2a9c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves an asset as it is to a browser that accepts no compression', async () => {
    const response = await get(built, '/app/dist/assets/main-4f2a9c.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('serves index.html gzip-compressed to a browser that accepts only gzip', async () => {
    const response = await new TestClient(built.app).request({
      method: 'GET',
      url: '/standard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const response = await get(built, '/app/dist/assets/gone.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('answers an unknown API call with a JSON 404', async () => {
    const response = await get(built, '/api/no-such-call');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'no API call GET /api/no-such-call; see docs/behaviour.md#api',
    });
  });

  it('answers an API path with a malformed percent-escape with a JSON 400 and the security headers', async () => {
    const response = await get(built, '/api/%zz');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringMatching(/^the request path has a malformed percent-escape; /),
    });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers an unsafe call to an API path with a malformed percent-escape with a JSON 400', async () => {
    const response = await new TestClient(built.app).postJson('/api/forms/%E0%A4%A/authorize', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/malformed percent-escape/);
  });

  it('serves index.html with 404 for a page path with a malformed percent-escape', async () => {
    const response = await get(built, '/standard/%zz');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('leaves a malformed percent-escape in the query to the call it reaches', async () => {
    const response = await get(built, '/api/cultures?x=%zz');
    expect(response.statusCode).toBe(200);
  });

  it('answers an unsafe call to an unknown API path with a JSON 404 once CSRF passes', async () => {
    const client = new TestClient(built.app);
    await client.csrf();
    const response = await client.postJson('/api/no-such-call', {});
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/^no API call POST/);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts that forbids framing', async () => {
    const response = await get(built, '/standard');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the same headers on API answers', async () => {
    const response = await get(built, '/api/cultures');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('without a web build', () => {
  it('answers pages with a plain page saying to build the web app', async () => {
    const response = await get(unbuilt, '/standard');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('npm run build');
  });

  it('still answers the API', async () => {
    expect((await get(unbuilt, '/api/cultures')).statusCode).toBe(200);
  });
});
