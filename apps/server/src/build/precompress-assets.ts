import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { brotliOptions, GZIP_OPTIONS, MIN_COMPRESSIBLE_BYTES } from '../http/content-encoding';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts of the build are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt'];

export interface PrecompressedFile {
  /** Relative to the folder. */
  file: string;
  bytes: number;
  /** Sizes of the copies written; null when a copy would not be smaller. */
  br: number | null;
  gzip: number | null;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Writes a .br and a .gz copy beside every text file of a build folder (the web app's
 * dist), so the server sends compressed assets without compressing on each request
 * (@fastify/static's preCompressed). A copy is written only when it is smaller than the file,
 * and small files are left alone.
 */
export async function precompressAssets(folder: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(folder)).filter((file) =>
    COMPRESSIBLE_EXTENSIONS.includes(path.extname(file).toLowerCase()),
  );
  return Promise.all(
    files.map(async (file): Promise<PrecompressedFile> => {
      const content = await readFile(file);
      const result: PrecompressedFile = {
        file: path.relative(folder, file),
        bytes: content.byteLength,
        br: null,
        gzip: null,
      };
      if (content.byteLength < MIN_COMPRESSIBLE_BYTES) return result;
      // zlib's asynchronous calls run on the thread pool, so the files compress in parallel.
      const [br, gz] = await Promise.all([
        brotliAsync(content, brotliOptions(content.byteLength)),
        gzipAsync(content, GZIP_OPTIONS),
      ]);
      if (br.byteLength < content.byteLength) {
        await writeFile(`${file}.br`, br);
        result.br = br.byteLength;
      }
      if (gz.byteLength < content.byteLength) {
        await writeFile(`${file}.gz`, gz);
        result.gzip = gz.byteLength;
      }
      return result;
    }),
  );
}
