import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertStorageKey,
  DocumentMeter,
  DocumentNotFoundError,
  DocumentStoreUnavailableError,
  isStorageKey,
  sweepOlder,
  sweepUnreferencedDocuments,
  type CommittableDocument,
  type DocumentStore,
  type ListedDocument,
} from './document-store';

/** Where the bucket is and how to reach it (S3_* settings, config.ts). */
export interface DocumentBucketConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; absent means Amazon S3 itself. */
  endpoint: string | undefined;
  /** Addresses objects as endpoint/bucket/key rather than bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Absent means the AWS SDK's own chain (environment, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Parts of a multipart upload: S3's smallest. A document of at most one part is read whole
 * before it is sent in one request; a larger one is streamed in parts, at most QUEUE_SIZE of
 * them held in memory at once, never buffered whole.
 */
export const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** Where the SHA-256 of a committed document is kept, as user metadata (x-amz-meta-sha256). */
export const SHA256_METADATA = 'sha256';

/** Where every document is, from its upload on. */
const STORED = 'stored/';
/** Where earlier versions put documents until their commit; swept, never written. */
const PENDING = 'pending/';

/**
 * Documents as objects in an S3-compatible bucket, each under `stored/<key>` from its upload
 * on, so committing moves nothing: an object is durable once the request that wrote it
 * succeeds, and a document is committed when its claim's transaction references it. Putting
 * and committing a document that fits in one part (most do) costs two requests: one PutObject
 * carrying the content's SHA-256 as metadata, and the HeadObject of the commit, which checks
 * that the object is there. A larger document goes up as a multipart upload before its
 * SHA-256 is known; its commit adds the metadata by a copy onto itself. The bucket's own
 * checksum (x-amz-checksum-sha256) is not sent: s3rver, the bucket of the tests, ignores it, so
 * nothing could show that it works; the database's documents.sha256 is the record, the
 * metadata a copy beside the content.
 *
 * An upload not yet committed is told from a committed document only by whether a claim
 * references it: the abandoned ones (a crash mid-submission, a removal that failed) are removed
 * by sweepUnreferenced, which dates each object from when it was last written: its upload, or
 * a commit that copied it. openRead and openPending read the same object.
 * Earlier versions uploaded to `pending/<key>` and copied to `stored/<key>` on commit:
 * their committed documents are read and swept where they are, and sweepPending removes what
 * they left under `pending/`.
 */
export function createBucketDocumentStore(config: DocumentBucketConfig): DocumentStore {
  const Bucket = config.bucket;
  const client = createBucketClient(config);
  const where = `the document bucket "${Bucket}"${config.endpoint === undefined ? '' : ` at ${config.endpoint}`}`;

  /** Runs one request of `action`; a failure of the bucket becomes DocumentStoreUnavailableError. */
  const send = async <T>(action: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw unavailable(action, error);
    }
  };
  const unavailable = (action: string, error: unknown) =>
    new DocumentStoreUnavailableError(
      `${where} could not ${action}: ${describeBucketError(error)}`,
      {
        cause: error,
      },
    );

  const deleteObject = (Key: string) =>
    send('delete a document', () => client.send(new DeleteObjectCommand({ Bucket, Key })));

  /** The object of a document; DocumentNotFoundError when there is none. */
  const head = async (storageKey: string, action: string): Promise<HeadObjectCommandOutput> => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: STORED + storageKey }));
    } catch (error) {
      if (isNotFound(error)) throw new DocumentNotFoundError(storageKey);
      throw unavailable(action, error);
    }
  };

  const commitOne = async ({ storageKey, sha256 }: CommittableDocument): Promise<void> => {
    const { Metadata } = await head(storageKey, 'commit a document');
    if (Metadata?.[SHA256_METADATA] === sha256) return;
    // Uploaded in parts, before its SHA-256 was known.
    const Key = STORED + storageKey;
    await send('commit a document', () =>
      client.send(
        new CopyObjectCommand({
          Bucket,
          Key,
          CopySource: `${Bucket}/${Key}`,
          MetadataDirective: 'REPLACE',
          Metadata: { [SHA256_METADATA]: sha256 },
          ContentType: CONTENT_TYPE,
        }),
      ),
    );
  };

  const commitMany: DocumentStore['commitMany'] = async (documents) => {
    documents.forEach((document) => assertStorageKey(document.storageKey));
    // In parallel, but settled before answering, so no request runs on after a failure.
    const results = await Promise.allSettled(documents.map(commitOne));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  };

  const read = async (storageKey: string): Promise<Readable> => {
    assertStorageKey(storageKey);
    try {
      const { Body } = await client.send(
        new GetObjectCommand({ Bucket, Key: STORED + storageKey }),
      );
      if (!(Body instanceof Readable)) throw new Error('the answer carried no readable body');
      return Body;
    } catch (error) {
      if (isNotFound(error)) throw new DocumentNotFoundError(storageKey);
      throw unavailable('read a document', error);
    }
  };

  async function* list(prefix: string): AsyncGenerator<ListedDocument> {
    const pages = paginateListObjectsV2({ client }, { Bucket, Prefix: prefix });
    try {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const storageKey = object.Key?.slice(prefix.length) ?? '';
          if (!isStorageKey(storageKey) || object.LastModified === undefined) continue;
          yield { storageKey, modifiedAt: object.LastModified };
        }
      }
    } catch (error) {
      if (error instanceof DocumentStoreUnavailableError) throw error;
      throw unavailable('list documents', error);
    }
  }

  const removeListed =
    (prefix: string) =>
    async ({ storageKey }: ListedDocument): Promise<boolean> => {
      await deleteObject(prefix + storageKey);
      return true;
    };

  return {
    description: where,

    async put(source, { maxBytes }) {
      const meter = new DocumentMeter(maxBytes);
      const storageKey = randomBytes(16).toString('hex');
      const Key = STORED + storageKey;
      let sourceError: unknown;
      async function* metered(): AsyncGenerator<Uint8Array> {
        try {
          for await (const chunk of source) {
            meter.take(chunk);
            yield chunk;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      const content = metered();
      // Up to one part is read before anything is sent; a source error or oversize content
      // met here leaves nothing in the bucket.
      const first: Uint8Array[] = [];
      let firstBytes = 0;
      let next = await content.next();
      while (!next.done && firstBytes + next.value.byteLength <= PART_SIZE) {
        first.push(next.value);
        firstBytes += next.value.byteLength;
        next = await content.next();
      }
      if (next.done) {
        const stored = meter.stored(storageKey);
        await send('store a document', () =>
          client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body: Buffer.concat(first, firstBytes),
              ContentLength: firstBytes,
              ContentType: CONTENT_TYPE,
              Metadata: { [SHA256_METADATA]: stored.sha256 },
            }),
          ),
        );
        return stored;
      }
      const beyondFirst = next.value;
      async function* everything(): AsyncGenerator<Uint8Array> {
        yield* first.splice(0);
        yield beyondFirst;
        yield* content;
      }
      // Larger than one part: a multipart upload, which aborts itself on failure, so no object
      // is left behind.
      try {
        await streamToBucket(client, { Bucket, Key, ContentType: CONTENT_TYPE }, everything());
      } catch (error) {
        if (sourceError !== undefined) throw sourceError;
        throw unavailable('store a document', error);
      }
      return meter.stored(storageKey);
    },

    commit: (document) => commitMany([document]),

    commitMany,

    async remove(storageKey) {
      assertStorageKey(storageKey);
      await deleteObject(STORED + storageKey);
    },

    openRead: read,

    async stat(storageKey) {
      assertStorageKey(storageKey);
      return { size: (await head(storageKey, 'read a document')).ContentLength ?? 0 };
    },

    openPending: read,

    sweepPending: (olderThan) => sweepOlder(list(PENDING), olderThan, removeListed(PENDING)),

    sweepUnreferenced: (committedBefore, referenced) =>
      sweepUnreferencedDocuments(list(STORED), committedBefore, referenced, removeListed(STORED)),

    async check() {
      await send('be reached', () => client.send(new HeadBucketCommand({ Bucket })));
    },

    async close() {
      client.destroy();
    },
  };
}

/**
 * Streams `body` to one object in parts of PART_SIZE, at most QUEUE_SIZE of them in memory at
 * once: a multipart upload, which aborts itself on failure, so no object is left behind. The
 * upload's error is thrown as it came; callers tell a failure of their source from the bucket's.
 */
export async function streamToBucket(
  client: S3Client,
  params: { Bucket: string; Key: string; ContentType?: string },
  body: AsyncIterable<Uint8Array>,
): Promise<void> {
  const Body = Readable.from(body, { objectMode: false });
  await new Upload({
    client,
    params: { ...params, Body },
    partSize: PART_SIZE,
    queueSize: QUEUE_SIZE,
  }).done();
}

/**
 * A client of the bucket the settings name; the documents and the data-io files
 * (data-io/data-file-store.ts) are reached alike.
 */
export function createBucketClient(config: DocumentBucketConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Many S3-compatible servers know nothing of the checksums recent SDKs add by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

const CONTENT_TYPE = 'application/octet-stream';

/** Whether the bucket answered that the object asked for is not there. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** The bucket's own error code and message, or the connection's failure. */
export function describeBucketError(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    return `${error.name}${status === undefined ? '' : ` (HTTP ${status})`}: ${error.message}`;
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? `${error.code} ` : '';
    return `${code}${error.message}`.trim() || error.name;
  }
  return String(error);
}
