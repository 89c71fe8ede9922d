import path from 'node:path';
import fp from 'fastify-plugin';
import { schedulePurge } from '../services/purge-timer';
import type { DocumentBucketConfig } from '../uploads/bucket-document-store';
import { DocumentStoreUnavailableError, type DocumentStore } from '../uploads/document-store';
import { createFolderDocumentStore } from '../uploads/folder-document-store';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentStore;
  }
}

/** Pending uploads older than this were left by a crash mid-submission. */
const PENDING_MAX_AGE_MS = 60 * 60_000;

/**
 * Documents no claim references, written longer ago than this, were left by a crash (or a lost
 * connection) between committing a claim's documents and committing the claim, or, in the
 * bucket, which dates a document from its upload, by a submission that never finished. No
 * submission runs anywhere near this long from its first upload to its claim's commit: its
 * body arrives within REQUEST_TIMEOUT_MS (10 minutes unless set otherwise).
 */
const UNREFERENCED_MAX_AGE_MS = 24 * 60 * 60_000;

export interface DocumentsOptions {
  dataDir: string;
  /** The S3-compatible bucket to keep documents in; absent means DATA_DIR/documents. */
  bucket: DocumentBucketConfig | undefined;
}

/**
 * Claim documents, as files under DATA_DIR/documents or as objects in an S3-compatible bucket:
 * outside every folder the server serves, under generated names
 * (docs/architecture.md#documents). At start-up, and then every hour (pending uploads) and every
 * day (the rest), what crashes left behind is removed: pending uploads, and documents of claims
 * that were never stored.
 */
export default fp<DocumentsOptions>(
  async (app, options) => {
    // The bucket's store is loaded only with a bucket: the AWS SDK is megabytes of code.
    const store =
      options.bucket === undefined
        ? createFolderDocumentStore(path.join(options.dataDir, 'documents'))
        : (await import('../uploads/bucket-document-store')).createBucketDocumentStore(
            options.bucket,
          );
    app.decorate('documents', store);
    app.addHook('onClose', () => store.close());
    app.log.info(`documents are kept in ${store.description}`);
    const sweepPending = async () => {
      const removed = await store.sweepPending(new Date(Date.now() - PENDING_MAX_AGE_MS));
      if (removed > 0) app.log.info({ removed }, 'removed abandoned pending documents');
    };
    const sweepUnreferenced = async () => {
      const removed = await store.sweepUnreferenced(
        new Date(Date.now() - UNREFERENCED_MAX_AGE_MS),
        async (storageKeys) => {
          const rows = await app.db
            .selectFrom('documents')
            .select('storage_key')
            .where('storage_key', 'in', storageKeys)
            .execute();
          return new Set(rows.map((row) => row.storage_key));
        },
      );
      if (removed > 0) app.log.info({ removed }, 'removed documents no claim references');
    };
    try {
      await sweepPending();
      await sweepUnreferenced();
    } catch (error) {
      // A bucket out of reach does not keep the server from starting: submissions answer 503
      // and /api/ready says so until it is back, and the next sweep catches up.
      if (!(error instanceof DocumentStoreUnavailableError)) throw error;
      app.log.error({ err: error }, 'the documents could not be swept at start-up');
    }
    schedulePurge(app, sweepPending, 'sweeping pending documents failed', PENDING_MAX_AGE_MS);
    // The bucket's abandoned uploads are among these, so they are swept while the server runs,
    // not only when it starts.
    schedulePurge(
      app,
      sweepUnreferenced,
      'sweeping documents no claim references failed',
      UNREFERENCED_MAX_AGE_MS,
    );
  },
  { name: 'documents', dependencies: ['database'] },
);
