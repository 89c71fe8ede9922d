import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { DocumentBucketConfig } from '../src/uploads/bucket-document-store';

/**
 * An S3-compatible server for tests (s3rver, from npm): on loopback, on a free port, with one
 * empty bucket, keeping its objects in a temporary folder that stop() removes.
 */
export interface TestBucket {
  /** S3_ENDPOINT for the server. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* environment that points the server at this bucket. */
  env: Record<string, string>;
  /** The same, as the stores take it (what readConfig makes of `env`). */
  config: DocumentBucketConfig;
  /** Dates the object under `key` as last written at `date`, as the bucket lists it. */
  backdate(key: string, date: Date): Promise<void>;
  /** The key of every object in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** The part of s3rver's API the tests use; it ships no types. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverServer;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** s3rver's own credentials, which it checks signatures with. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startTestBucket(bucket = 'claims-documents'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 'claims-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    config: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async backdate(key, date) {
      // s3rver keeps each object as <folder>/<bucket>/<key>._S3rver_object and dates it by
      // that file's modification time.
      const file = path.join(directory, bucket, `${key}._S3rver_object`);
      await utimes(file, date, date);
    },
    async keys() {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
      });
      try {
        const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return Contents.map((object) => object.Key ?? '');
      } finally {
        client.destroy();
      }
    },
    async stop() {
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The address of an S3 server that is not there: a loopback port where nothing listens. */
export async function unreachableEndpoint(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
