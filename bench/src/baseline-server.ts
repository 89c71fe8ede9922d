import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The limit of the stack on this machine: bare Fastify answering the benchmark's requests
 * with the least work that still does what the claims server must do. It receives the same
 * multipart body with @fastify/multipart and makes the same bytes durable (each document
 * written and fsynced, then the text parts written and fsynced as one record), and it answers
 * the same JSON the server answers for the forms config and for authorize, with no sessions,
 * CSRF, captcha, validation or database.
 */
export interface BaselineOptions {
  dataDir: string;
  /** The body the server answers GET /api/forms/config with. */
  formsConfig: unknown;
  /** A body the server answers a successful authorize with. */
  authorizeResponse: unknown;
}

export const BASELINE_PATHS = {
  formsConfig: '/api/forms/config',
  authorize: '/api/forms/standard/authorize',
  submit: '/api/forms/standard',
  health: '/health',
} as const;

async function writeDurably(
  file: string,
  chunks: AsyncIterable<Uint8Array> | Uint8Array,
): Promise<number> {
  const handle = await open(file, 'wx', 0o600);
  let size = 0;
  try {
    if (chunks instanceof Uint8Array) {
      await handle.write(chunks);
      size = chunks.byteLength;
    } else {
      for await (const chunk of chunks) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return size;
}

export async function buildBaselineApp(options: BaselineOptions): Promise<FastifyInstance> {
  const documentsDir = path.join(options.dataDir, 'documents');
  const claimsDir = path.join(options.dataDir, 'claims');
  mkdirSync(documentsDir, { recursive: true });
  mkdirSync(claimsDir, { recursive: true });

  const app = Fastify({ logger: false });
  // The server's own multipart limits (apps/server/src/routes/forms-submit.ts).
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 20 } });

  app.get(BASELINE_PATHS.health, async () => ({ status: 'ok' }));
  app.get(BASELINE_PATHS.formsConfig, async () => options.formsConfig);
  app.post(BASELINE_PATHS.authorize, async (request) => {
    if (typeof request.body !== 'object' || request.body === null) {
      throw Object.assign(new Error('expected a JSON body'), { statusCode: 400 });
    }
    return options.authorizeResponse;
  });
  app.post(BASELINE_PATHS.submit, async (request) => {
    const key = randomBytes(16).toString('hex');
    const fields: Record<string, string> = {};
    let index = 0;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else {
        await writeDurably(path.join(documentsDir, `${key}-${index}`), part.file);
        index += 1;
      }
    }
    await writeDurably(path.join(claimsDir, key), Buffer.from(JSON.stringify(fields), 'utf8'));
    return { error: null, nonMatchingPaymentElection: false, referenceCodeForm: key.slice(0, 11) };
  });
  return app;
}

function readFixtures(file: string | undefined): {
  formsConfig: unknown;
  authorizeResponse: unknown;
} {
  if (file === undefined || file === '') {
    throw new Error(
      'BASELINE_FIXTURES must name a JSON file holding formsConfig and authorizeResponse',
    );
  }
  const fixtures = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (!('formsConfig' in fixtures) || !('authorizeResponse' in fixtures)) {
    throw new Error(`${file} must hold formsConfig and authorizeResponse`);
  }
  return { formsConfig: fixtures.formsConfig, authorizeResponse: fixtures.authorizeResponse };
}

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (dataDir === undefined || dataDir === '') throw new Error('DATA_DIR must name a folder');
  const app = await buildBaselineApp({ dataDir, ...readFixtures(process.env.BASELINE_FIXTURES) });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close());
  process.once('SIGINT', () => void close());
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(
      `The baseline cannot start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
