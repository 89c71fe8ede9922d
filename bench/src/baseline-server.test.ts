import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASELINE_PATHS, buildBaselineApp } from './baseline-server';
import { encodeMultipart } from './multipart-body';

describe('the baseline server', () => {
  let dataDir: string | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bench-baseline-'));
    app = await buildBaselineApp({
      dataDir,
      formsConfig: [{ metadataHash: 'h', metadata: {}, fields: {} }],
      authorizeResponse: { authorized: true, error: null, captcha: 'c', prepopulatedData: {} },
    });
    return { app, dataDir };
  }

  it('stores every uploaded document byte for byte and answers with a reference code', async () => {
    const { app, dataDir } = await start();
    const document = Buffer.from('%PDF-1.4\nsome bytes\n%%EOF\n');
    const body = encodeMultipart([
      { kind: 'text', name: 'userPreferredCulture', value: 'en' },
      {
        kind: 'file',
        name: 'documents',
        fileName: 'DocumentContexts-abcdefgh',
        file: { bytes: document, type: 'application/pdf' },
      },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: BASELINE_PATHS.submit,
      headers: { 'content-type': body.contentType },
      payload: Buffer.concat(body.segments),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ error: null, referenceCodeForm: expect.any(String) });
    const [stored] = readdirSync(path.join(dataDir, 'documents'));
    expect(readFileSync(path.join(dataDir, 'documents', stored as string)).equals(document)).toBe(
      true,
    );
  });

  it('stores the text parts as one record', async () => {
    const { app, dataDir } = await start();
    const body = encodeMultipart([{ kind: 'text', name: 'userPreferredCulture', value: 'es' }]);
    await app.inject({
      method: 'POST',
      url: BASELINE_PATHS.submit,
      headers: { 'content-type': body.contentType },
      payload: Buffer.concat(body.segments),
    });
    const [record] = readdirSync(path.join(dataDir, 'claims'));
    expect(
      JSON.parse(readFileSync(path.join(dataDir, 'claims', record as string), 'utf8')),
    ).toEqual({
      userPreferredCulture: 'es',
    });
  });

  it('answers the forms config it was given', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: BASELINE_PATHS.formsConfig });
    expect(response.json()).toEqual([{ metadataHash: 'h', metadata: {}, fields: {} }]);
  });

  it('answers an authorize request with the answer it was given', async () => {
    const { app } = await start();
    const response = await app.inject({
      method: 'POST',
      url: BASELINE_PATHS.authorize,
      payload: {
        credentials: { noticeId: 'NW10000001', pin: '123456' },
        reCaptchaResponse: 'token',
      },
    });
    expect(response.json()).toMatchObject({ authorized: true, captcha: 'c' });
  });
});
