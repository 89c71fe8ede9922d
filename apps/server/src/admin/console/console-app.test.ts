import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let adminDist: string;
let testApp: TestApp;

const INDEX =
  '<!doctype html><title>Claims console</title><script type="module" src="/admin/assets/main-abc123.js"></script>';

beforeAll(async () => {
  adminDist = await mkdtemp(path.join(tmpdir(), 'claims-admin-dist-'));
  await mkdir(path.join(adminDist, 'assets'));
  await writeFile(path.join(adminDist, 'index.html'), INDEX);
  await writeFile(path.join(adminDist, 'assets', 'main-abc123.js'), 'console.log("console");');
  testApp = await startTestApp({ env: { ADMIN_DIST: adminDist } });
});

afterAll(async () => {
  await testApp.close();
  await rm(adminDist, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('serving the console', () => {
  it.each(['/admin', '/admin/', '/admin/claims/abc', '/admin/audit?page=2'])(
    'answers %s with the console page',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves its hashed assets with a long cache lifetime', async () => {
    const response = await get('/admin/assets/main-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await get('/admin/assets/gone.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<!doctype html>');
  });

  it('answers an unknown admin API call with a JSON 404', async () => {
    const response = await get('/admin/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'no admin API call GET /admin/api/nothing-here' });
  });

  it('gives the console its own policy: scripts from itself, frames of its API, never framed', async () => {
    const csp = String((await get('/admin/claims')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("img-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('lets the console frame what its API sends, and nobody else', async () => {
    const response = await get('/admin/api/me');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('leaves the claimant site to the claimant app', async () => {
    const response = await get('/administrator');
    expect(response.body).not.toBe(INDEX);
  });

  it('says how to build the console when it is not built', async () => {
    const unbuilt = await startTestApp({ env: { ADMIN_DIST: path.join(adminDist, 'missing') } });
    try {
      const response = await unbuilt.app.inject({ method: 'GET', url: '/admin' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
