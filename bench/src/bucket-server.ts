import { createRequire } from 'node:module';

/**
 * The S3-compatible store of the scale-out benchmark (s3rver, from npm), in its own process like
 * the servers: on 127.0.0.1:PORT, keeping its objects under BUCKET_DIR, with the one bucket
 * BUCKET_NAME. It stops on SIGTERM.
 */

interface S3rverServer {
  run(): Promise<unknown>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverServer;

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(required('PORT')),
  silent: true,
  directory: required('BUCKET_DIR'),
  configureBuckets: [{ name: required('BUCKET_NAME') }],
});
await server.run();
// s3rver keeps an object as a file under a folder per key prefix and removes a folder when its
// last object is deleted, so a write racing the delete of the prefix's last object fails (and
// takes s3rver down). The server writes each document under pending/ and deletes it once it is
// copied to stored/, dozens at a time under load: an object that stays keeps the folder.
const keep = await fetch(
  `http://127.0.0.1:${required('PORT')}/${required('BUCKET_NAME')}/pending/keep`,
  {
    method: 'PUT',
    body: 'keeps the pending/ folder of s3rver',
  },
);
if (!keep.ok) throw new Error(`s3rver refused the pending/ folder's object: ${keep.status}`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
