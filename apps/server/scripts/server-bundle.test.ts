import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle } from './server-bundle';

const outDir = path.join(tmpdir(), `claims-server-bundle-${process.pid}`);
let files: string[];

beforeAll(async () => {
  await buildServerBundle(outDir);
  files = (await readdir(outDir)).filter((name) => name.endsWith('.js'));
}, 60_000);
afterAll(async () => rm(outDir, { recursive: true, force: true }));

const read = (name: string) => readFile(path.join(outDir, name), 'utf8');

describe('the server bundle', () => {
  it('does not load the AWS SDK with the server itself', async () => {
    expect(files).toContain('server.js');
    expect(await read('server.js')).not.toMatch(/from "@aws-sdk\//);
  });

  it('loads the AWS SDK in a chunk of its own, with the bucket stores', async () => {
    const chunks = await Promise.all(
      files.filter((name) => name !== 'server.js').map(async (name) => read(name)),
    );
    expect(chunks.some((text) => text.includes('from "@aws-sdk/client-s3"'))).toBe(true);
  });
});
