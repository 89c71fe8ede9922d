import { createHash, randomBytes } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { startTestBucket, unreachableEndpoint, type TestBucket } from '../../test-fakes/s3-bucket';
import { createBucketDocumentStore, PART_SIZE, SHA256_METADATA } from './bucket-document-store';
import { DocumentStoreUnavailableError, type DocumentStore } from './document-store';

/** What the bucket store alone promises. document-store.test.ts has the rest. */

let bucket: TestBucket;

beforeEach(async () => {
  bucket = await startTestBucket();
});
afterEach(async () => {
  await bucket.stop();
});

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const lastWeek = () => new Date(Date.now() - 7 * 24 * 3600 * 1000);
const anHourAgo = () => new Date(Date.now() - 3600 * 1000);

/** Runs `use` with a client of the bucket, as another program (or an earlier version) would. */
async function withClient<T>(use: (client: S3Client) => Promise<T>): Promise<T> {
  const client = new S3Client({ ...bucket.config, endpoint: bucket.endpoint });
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

const metadataOf = (key: string) =>
  withClient(async (client) => {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }));
    return head.Metadata;
  });

/** Writes an object as an earlier version of the store did, under `key`. */
const writeObject = (key: string, data: Uint8Array, metadata: Record<string, string> = {}) =>
  withClient((client) =>
    client.send(
      new PutObjectCommand({ Bucket: bucket.bucket, Key: key, Body: data, Metadata: metadata }),
    ),
  );

describe('the bucket document store', () => {
  let store: DocumentStore;
  beforeEach(() => {
    store = createBucketDocumentStore(bucket.config);
  });
  afterEach(async () => {
    await store.close();
  });

  it('keeps the SHA-256 of a committed document in its metadata', async () => {
    const stored = await store.put(once(SAMPLE_PDF), { maxBytes: 10_000 });
    await store.commit(stored);
    expect((await metadataOf(`stored/${stored.storageKey}`))?.[SHA256_METADATA]).toBe(
      sha256(SAMPLE_PDF),
    );
  });

  it('keeps the SHA-256 of a committed document larger than one part in its metadata', async () => {
    const large = randomBytes(PART_SIZE + 1024);
    const stored = await store.put(once(large), { maxBytes: large.byteLength });
    await store.commit(stored);
    expect((await metadataOf(`stored/${stored.storageKey}`))?.[SHA256_METADATA]).toBe(
      sha256(large),
    );
  });

  it('keeps a document under one name from its upload on, readable before and after its commit', async () => {
    const stored = await store.put(once(SAMPLE_PDF), { maxBytes: 10_000 });
    expect(await bucket.keys()).toEqual([`stored/${stored.storageKey}`]);
    expect(await readAll(await store.openRead(stored.storageKey))).toEqual(Buffer.from(SAMPLE_PDF));
    await store.commit(stored);
    expect(await bucket.keys()).toEqual([`stored/${stored.storageKey}`]);
    expect(await readAll(await store.openPending(stored.storageKey))).toEqual(
      Buffer.from(SAMPLE_PDF),
    );
  });

  it('sweeps what earlier versions left under pending/ once it is older than the given time', async () => {
    const [old, recent] = ['a'.repeat(32), 'b'.repeat(32)];
    await writeObject(`pending/${old}`, SAMPLE_PDF);
    await writeObject(`pending/${recent}`, SAMPLE_PDF);
    await bucket.backdate(`pending/${old}`, lastWeek());

    expect(await store.sweepPending(anHourAgo())).toBe(1);
    expect(await bucket.keys()).toEqual([`pending/${recent}`]);
  });

  it('reads the documents earlier versions committed, and sweeps those no claim references', async () => {
    const [claimed, orphan] = ['c'.repeat(32), 'd'.repeat(32)];
    for (const key of [claimed, orphan]) {
      await writeObject(`stored/${key}`, SAMPLE_PDF, { [SHA256_METADATA]: sha256(SAMPLE_PDF) });
      await bucket.backdate(`stored/${key}`, lastWeek());
    }
    expect(await readAll(await store.openRead(claimed))).toEqual(Buffer.from(SAMPLE_PDF));

    const removed = await store.sweepUnreferenced(anHourAgo(), async () => new Set([claimed]));
    expect(removed).toBe(1);
    expect(await bucket.keys()).toEqual([`stored/${claimed}`]);
  });

  it('reports a bucket it cannot reach as unavailable, naming the bucket and its address', async () => {
    const endpoint = await unreachableEndpoint();
    const unreachable = createBucketDocumentStore({ ...bucket.config, endpoint });
    const attempt = unreachable.put(once(SAMPLE_PDF), { maxBytes: 10_000 });
    await expect(attempt).rejects.toBeInstanceOf(DocumentStoreUnavailableError);
    await expect(attempt).rejects.toThrow(
      `the document bucket "${bucket.bucket}" at ${endpoint} could not store a document: ECONNREFUSED`,
    );
    await expect(unreachable.check()).rejects.toBeInstanceOf(DocumentStoreUnavailableError);
    await unreachable.close();
  });

  it('fails its check for a bucket that does not exist', async () => {
    const missing = createBucketDocumentStore({ ...bucket.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(
      /^the document bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ could not be reached: NotFound \(HTTP 404\)/,
    );
    await missing.close();
  });
});
