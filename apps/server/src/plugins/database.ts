import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import {
  openDatabase,
  type CommittedSync,
  type DatabaseKind,
  type DatabaseOptions,
  type EphemeralWriter,
} from '../db/database';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    /** Writes of sessions, spent captcha tokens and lockout counters (see EphemeralWriter). */
    writeEphemeral: EphemeralWriter;
    /** Waits until every commit so far is durable, sharing one sync (group commit). */
    syncCommitted: CommittedSync;
  }
}

/** Opens the database (SQLite, or PostgreSQL with a DATABASE_URL) and migrates it at start. */
export default fp<DatabaseOptions>(
  async (app, options) => {
    const { db, kind, writeEphemeral, syncCommitted } = await openDatabase({
      ...options,
      onConnectionError: (error) =>
        app.log.error({ err: error }, 'an idle database connection failed; the pool replaces it'),
    });
    app.decorate('db', db);
    app.decorate('dbKind', kind);
    app.decorate('writeEphemeral', writeEphemeral);
    app.decorate('syncCommitted', syncCommitted);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database' },
);
