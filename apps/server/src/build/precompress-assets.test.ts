import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_PNG } from '../../test-fakes/sample-documents';
import { precompressAssets } from './precompress-assets';

let folder: string;
const SCRIPT = Buffer.from('export const words = ["claim", "notice", "deadline"];\n'.repeat(200));

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'claims-dist-'));
  await mkdir(path.join(folder, 'assets'));
  await writeFile(path.join(folder, 'assets', 'index-4f2a9c.js'), SCRIPT);
  await writeFile(path.join(folder, 'assets', 'tiny-1b2c3d.css'), 'a{color:red}');
  await writeFile(path.join(folder, 'assets', 'logo-5e6f7a.png'), SAMPLE_PNG);
});
afterEach(async () => rm(folder, { recursive: true, force: true }));

describe('precompressAssets', () => {
  it('writes brotli and gzip copies that decompress to the file', async () => {
    await precompressAssets(folder);
    const file = path.join(folder, 'assets', 'index-4f2a9c.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`))).toEqual(SCRIPT);
    expect(gunzipSync(await readFile(`${file}.gz`))).toEqual(SCRIPT);
  });

  it('leaves small files and files that are not text alone', async () => {
    await precompressAssets(folder);
    expect((await readdir(path.join(folder, 'assets'))).sort()).toEqual([
      'index-4f2a9c.js',
      'index-4f2a9c.js.br',
      'index-4f2a9c.js.gz',
      'logo-5e6f7a.png',
      'tiny-1b2c3d.css',
    ]);
  });

  it('reports each text file with the sizes of its copies', async () => {
    const files = await precompressAssets(folder);
    expect(files).toEqual([
      {
        file: path.join('assets', 'index-4f2a9c.js'),
        bytes: SCRIPT.byteLength,
        br: expect.any(Number),
        gzip: expect.any(Number),
      },
      { file: path.join('assets', 'tiny-1b2c3d.css'), bytes: 12, br: null, gzip: null },
    ]);
  });
});
