import path from 'node:path';
import { precompressAssets } from '../src/build/precompress-assets';
import { REPO_ROOT } from '../src/config';

/**
 * `npm run precompress-web --workspace @claims/server [folder]`: writes .br and .gz copies of
 * the web build's text files (apps/web/dist by default), which the server then sends to
 * browsers that accept them. The root `npm run build` runs it after building the web app.
 */
const folder = path.resolve(REPO_ROOT, process.argv[2] ?? path.join('apps', 'web', 'dist'));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const files = await precompressAssets(folder);
const compressed = files.filter((file) => file.br !== null || file.gzip !== null);
for (const file of compressed) {
  console.log(
    `${file.file}: ${kb(file.bytes)} → br ${file.br === null ? '-' : kb(file.br)}, gzip ${file.gzip === null ? '-' : kb(file.gzip)}`,
  );
}
console.log(
  `precompressed ${compressed.length} of ${files.length} text files in ${path.relative(REPO_ROOT, folder)}`,
);
