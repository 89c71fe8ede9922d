import path from 'node:path';
import fp from 'fastify-plugin';
import { schedulePurge } from '../services/purge-timer';
import { createFileDocumentStore, type DocumentStore } from '../uploads/document-store';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentStore;
  }
}

/** Pending uploads older than this were left by a crash mid-submission. */
const PENDING_MAX_AGE_MS = 60 * 60_000;

/**
 * Committed documents no claim references, committed longer ago than this, were left by a
 * crash (or a lost connection) between committing a claim's documents and committing the
 * claim; no claim's transaction runs anywhere near this long.
 */
const UNREFERENCED_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Claim documents, as files under DATA_DIR/documents: outside every folder the server serves,
 * under generated names (docs/architecture.md#documents). At start-up, what crashes left behind is
 * removed: pending uploads, and committed documents of claims that were never stored.
 */
export default fp<{ dataDir: string }>(
  async (app, options) => {
    const store = createFileDocumentStore(path.join(options.dataDir, 'documents'));
    app.decorate('documents', store);
    const sweepPending = async () => {
      const removed = await store.sweepPending(new Date(Date.now() - PENDING_MAX_AGE_MS));
      if (removed > 0) app.log.info({ removed }, 'removed abandoned pending documents');
    };
    await sweepPending();
    const unreferenced = await store.sweepUnreferenced(
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
    if (unreferenced > 0) {
      app.log.info({ removed: unreferenced }, 'removed documents of claims never stored');
    }
    schedulePurge(app, sweepPending, 'sweeping pending documents failed', PENDING_MAX_AGE_MS);
  },
  { name: 'documents', dependencies: ['database'] },
);
