import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

let testApp: TestApp;

/** Every query of the app's database fails until the spy is restored. */
function breakDatabase() {
  const executor = testApp.app.db.getExecutor();
  return vi.spyOn(testApp.app.db, 'getExecutor').mockReturnValue(
    Object.assign(Object.create(executor) as typeof executor, {
      executeQuery: () => Promise.reject(new Error('the database is down')),
    }),
  );
}
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp.close());

describe('GET /api/health', () => {
  it('answers ok without asking anything else, uncached', async () => {
    const response = await new TestClient(testApp.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers ok while the database fails', async () => {
    const spy = breakDatabase();
    try {
      expect((await new TestClient(testApp.app).get('/api/health')).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/ready', () => {
  it('answers ready when the database, the document store and the job queue answer', async () => {
    const response = await new TestClient(testApp.app).get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', documents: 'ok', jobs: 'ok' },
    });
  });

  it('answers 503 naming the document store when it fails, without its error', async () => {
    const spy = vi
      .spyOn(testApp.app.documents, 'check')
      .mockRejectedValue(new Error('connect ECONNREFUSED 10.0.0.9:9000'));
    try {
      const response = await new TestClient(testApp.app).get('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', documents: 'failed', jobs: 'ok' },
      });
      expect(response.body).not.toContain('ECONNREFUSED');
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 503 naming the database when it fails', async () => {
    const spy = breakDatabase();
    try {
      const response = await new TestClient(testApp.app).get('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toMatchObject({ database: 'failed', documents: 'ok' });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 503 naming the job queue when it cannot be read', async () => {
    const spy = vi.spyOn(testApp.app.jobs, 'counts').mockRejectedValue(new Error('down'));
    try {
      const response = await new TestClient(testApp.app).get('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: 'ok', documents: 'ok', jobs: 'failed' });
    } finally {
      spy.mockRestore();
    }
  });
});
