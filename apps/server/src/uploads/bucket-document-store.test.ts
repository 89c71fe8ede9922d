import { createHash } from 'node:crypto';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { startTestBucket, unreachableEndpoint, type TestBucket } from '../../test-fakes/s3-bucket';
import {
  createBucketDocumentStore,
  SHA256_METADATA,
  type DocumentBucketConfig,
} from './bucket-document-store';
import { DocumentStoreUnavailableError } from './document-store';

/** What the bucket store alone promises. document-store.test.ts has the rest. */

let bucket: TestBucket;
let config: DocumentBucketConfig;

beforeEach(async () => {
  bucket = await startTestBucket();
  config = {
    bucket: bucket.bucket,
    region: 'us-east-1',
    endpoint: bucket.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
  };
});
afterEach(async () => {
  await bucket.stop();
});

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

describe('the bucket document store', () => {
  it('keeps the SHA-256 of a committed document in its metadata', async () => {
    const store = createBucketDocumentStore(config);
    const stored = await store.put(once(SAMPLE_PDF), { maxBytes: 10_000 });
    await store.commit(stored);
    await store.close();

    const client = new S3Client({ ...config, endpoint: bucket.endpoint });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket.bucket, Key: `stored/${stored.storageKey}` }),
    );
    client.destroy();
    expect(head.Metadata?.[SHA256_METADATA]).toBe(
      createHash('sha256').update(SAMPLE_PDF).digest('hex'),
    );
  });

  it('reports a bucket it cannot reach as unavailable, naming the bucket and its address', async () => {
    const endpoint = await unreachableEndpoint();
    const store = createBucketDocumentStore({ ...config, endpoint });
    const attempt = store.put(once(SAMPLE_PDF), { maxBytes: 10_000 });
    await expect(attempt).rejects.toBeInstanceOf(DocumentStoreUnavailableError);
    await expect(attempt).rejects.toThrow(
      `the document bucket "${bucket.bucket}" at ${endpoint} could not store a document: ECONNREFUSED`,
    );
    await expect(store.check()).rejects.toBeInstanceOf(DocumentStoreUnavailableError);
    await store.close();
  });

  it('fails its check for a bucket that does not exist', async () => {
    const store = createBucketDocumentStore({ ...config, bucket: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow(
      /^the document bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ could not be reached: NotFound \(HTTP 404\)/,
    );
    await store.close();
  });
});
