import path from 'node:path';
import { buildServerBundle, SERVER_DIR } from './server-bundle';

/** `npm run build --workspace @claims/server`: the production bundle in dist/ (server-bundle.ts). */
const OUT_DIR = path.join(SERVER_DIR, 'dist');

const metafile = await buildServerBundle(OUT_DIR);
const entry = path.join(OUT_DIR, 'server.js');
const output = metafile.outputs[path.relative(process.cwd(), entry)];
console.log(
  `built ${path.relative(process.cwd(), entry)}${output === undefined ? '' : ` (${(output.bytes / 1000).toFixed(0)} KB)`}`,
);
