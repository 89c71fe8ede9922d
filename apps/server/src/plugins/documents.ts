import path from 'node:path';
import fp from 'fastify-plugin';
import { createFileDocumentStore, type DocumentStore } from '../uploads/document-store';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentStore;
  }
}

/** Pending uploads older than this were left by a crash mid-submission. */
const PENDING_MAX_AGE_MS = 60 * 60_000;

/**
 * Claim documents, as files under DATA_DIR/documents: outside every folder the server serves,
 * under generated names (DESIGN.md, documents).
 */
export default fp<{ dataDir: string }>(
  async (app, options) => {
    const store = createFileDocumentStore(path.join(options.dataDir, 'documents'));
    app.decorate('documents', store);
    const sweep = async () => {
      const removed = await store.sweepPending(new Date(Date.now() - PENDING_MAX_AGE_MS));
      if (removed > 0) app.log.info({ removed }, 'removed abandoned pending documents');
    };
    await sweep();
    const timer = setInterval(() => {
      sweep().catch((error: unknown) => {
        app.log.warn({ err: error }, 'sweeping pending documents failed');
      });
    }, PENDING_MAX_AGE_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'documents' },
);
