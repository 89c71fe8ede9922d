import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
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
 * Parts of a multipart upload: S3's smallest. At most QUEUE_SIZE parts of a document are held
 * in memory at once, so a document is streamed, never buffered whole.
 */
export const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** Where the SHA-256 of a committed document is kept, as user metadata (x-amz-meta-sha256). */
export const SHA256_METADATA = 'sha256';

const PENDING = 'pending/';
const STORED = 'stored/';

/**
 * Documents as objects in an S3-compatible bucket: `pending/<key>` while a claim is being
 * received, `stored/<key>` once committed, with the content's SHA-256 in the object's metadata.
 * An object is durable once the request that wrote it succeeds; committing copies it within the
 * bucket, which also dates it from its commit, as the sweep of unreferenced documents needs.
 */
export function createBucketDocumentStore(config: DocumentBucketConfig): DocumentStore {
  const Bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Many S3-compatible servers know nothing of the checksums recent SDKs add by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
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
    new DocumentStoreUnavailableError(`${where} could not ${action}: ${describe(error)}`, {
      cause: error,
    });

  const deleteObject = (Key: string) =>
    send('delete a document', () => client.send(new DeleteObjectCommand({ Bucket, Key })));

  const stat: DocumentStore['stat'] = async (storageKey) => {
    assertStorageKey(storageKey);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: STORED + storageKey }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) throw new DocumentNotFoundError(storageKey);
      throw unavailable('read a document', error);
    }
  };

  const commitOne = async ({ storageKey, sha256 }: CommittableDocument): Promise<void> => {
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: STORED + storageKey,
          CopySource: `${Bucket}/${PENDING}${storageKey}`,
          MetadataDirective: 'REPLACE',
          Metadata: { [SHA256_METADATA]: sha256 },
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw unavailable('commit a document', error);
      // Committed before, its pending object is gone and its stored one is there; else this
      // throws DocumentNotFoundError.
      await stat(storageKey);
      return;
    }
    await deleteObject(PENDING + storageKey);
  };

  const commitMany: DocumentStore['commitMany'] = async (documents) => {
    documents.forEach((document) => assertStorageKey(document.storageKey));
    // In parallel, but settled before answering, so no copy runs on after a failure.
    const results = await Promise.allSettled(documents.map(commitOne));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  };

  const read = async (storageKey: string, prefix: string): Promise<Readable> => {
    assertStorageKey(storageKey);
    try {
      const { Body } = await client.send(
        new GetObjectCommand({ Bucket, Key: prefix + storageKey }),
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
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: PENDING + storageKey,
          Body: Readable.from(metered(), { objectMode: false }),
          ContentType: 'application/octet-stream',
        },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        // The upload aborts its multipart upload itself, so no object is left behind.
        if (sourceError !== undefined) throw sourceError;
        throw unavailable('store a document', error);
      }
      return meter.stored(storageKey);
    },

    commit: (document) => commitMany([document]),

    commitMany,

    async remove(storageKey) {
      assertStorageKey(storageKey);
      await Promise.all([deleteObject(PENDING + storageKey), deleteObject(STORED + storageKey)]);
    },

    openRead: (storageKey) => read(storageKey, STORED),

    stat,

    openPending: (storageKey) => read(storageKey, PENDING),

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

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** The bucket's own error code and message, or the connection's failure. */
function describe(error: unknown): string {
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
