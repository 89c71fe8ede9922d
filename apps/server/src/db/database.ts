import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { postgresWalSync, SharedSync, sqliteWalSync } from './group-commit';
import { migrationProvider } from './migrations';
import { sqliteBatchWriter } from './sqlite-batch-writer';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './sqlite-checkpointer';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, SQLite at `<dataDir>/claims.sqlite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests use a fresh one per run). */
  schema?: string | undefined;
  /**
   * PostgreSQL only: told of an error on an idle pooled connection (the database restarted or
   * failed over, the connection was terminated). The pool drops that connection and opens
   * another when next needed; without a listener the error would end the process.
   */
  onConnectionError?: ((error: Error) => void) | undefined;
}

/**
 * Runs `work` in a transaction whose commit does not wait for the disk: for state whose loss
 * in a power failure is harmless (sessions, spent captcha tokens, lockout counters), and for a
 * claim, which then waits for syncCommitted before it is confirmed (group commit). The commit
 * is still atomic and survives a crash of the server process. On SQLite the writes that arrive
 * together share one transaction, each in a savepoint of its own (sqlite-batch-writer.ts): a
 * write that fails undoes only its own, and a commit that fails undoes them all. `work` must
 * use the transaction it is given, not the database handle (on SQLite the handle waits for the
 * one connection `work` holds).
 */
export type EphemeralWriter = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

/**
 * Resolves once every commit made before the call is durable, by one sync of the database's
 * log shared by everything waiting (group commit, group-commit.ts); with writeEphemeral before
 * it, a durable write whose wait for the disk is shared. Rejects with DurabilityLostError once
 * a sync has failed, and from then on.
 */
export type CommittedSync = () => Promise<void>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  writeEphemeral: EphemeralWriter;
  syncCommitted: CommittedSync;
}

function openSqlite(dataDir: string): { db: Kysely<Database>; syncCommitted: CommittedSync } {
  mkdirSync(dataDir, { recursive: true });
  const databaseFile = path.join(dataDir, 'claims.sqlite');
  const file = new SQLite(databaseFile);
  // WAL lets readers run beside the writer; synchronous=FULL makes a committed claim survive
  // a power loss (docs/architecture.md#durable-writes: a claim is confirmed only once durable);
  // busy_timeout makes a second process wait for the write lock instead of failing at once.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  const wal = sqliteWalSync(`${databaseFile}-wal`, dataDir);
  const shared = new SharedSync(wal.sync);
  // Checkpoints move off the event loop (sqlite-checkpointer.ts) once claims are filed; a
  // database only read or migrated (tests, the command-line tools) keeps SQLite's own.
  let checkpointer: Checkpointer | undefined;
  const syncCommitted = () => {
    if (checkpointer === undefined) {
      checkpointer = startCheckpointer(databaseFile, (message) =>
        process.emitWarning(`a checkpoint of ${databaseFile} failed: ${message}`),
      );
      file.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    }
    return shared.wait();
  };
  const close = async () => {
    await Promise.all([checkpointer?.stop(), wal.close()]);
  };
  const db = new Kysely<Database>({
    dialect: new ClosingSqliteDialect({ database: cachingStatements(file) }, close),
  });
  return { db, syncCommitted };
}

/**
 * Kysely's SQLite dialect, whose destroy() also waits for `afterClose` once the database file
 * is closed: the checkpoint thread's connection and the WAL's handle are closed before
 * destroy() resolves, so nothing touches the data folder afterwards (Kysely calls the
 * database's close() without waiting on it).
 */
class ClosingSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly afterClose: () => Promise<void>,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      await destroy();
      await this.afterClose();
    };
    return driver;
  }
}

/** Statements kept prepared; the server runs a few dozen distinct ones. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query anew, and better-sqlite3 parses and plans it each time; the
 * server runs the same few statements over and over, so they are kept prepared. Safe because
 * nothing here streams a query (a statement being iterated cannot run again meanwhile).
 */
function cachingStatements(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = file.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * PostgreSQL: the same promise with synchronous_commit off for the one transaction. The
 * commit is visible at once and the database stays consistent; a crash of the database server
 * may lose the last fraction of a second of such commits, and any later synchronous commit
 * (a claim) flushes the WAL past them.
 */
function postgresEphemeralWriter(db: Kysely<Database>): EphemeralWriter {
  return (work) =>
    db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
}

function openPostgres(
  databaseUrl: string,
  schema: string | undefined,
  onConnectionError: (error: Error) => void,
): { db: Kysely<Database>; syncCommitted: CommittedSync } {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`invalid schema name "${schema}"; expected lower-case letters, digits and _`);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  pool.on('error', onConnectionError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const shared = new SharedSync(postgresWalSync(db));
  return { db, syncCommitted: () => shared.wait() };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const kind: DatabaseKind = options.databaseUrl === undefined ? 'sqlite' : 'postgres';
  const opened =
    options.databaseUrl === undefined
      ? openSqlite(options.dataDir)
      : openPostgres(
          options.databaseUrl,
          options.schema,
          options.onConnectionError ??
            ((error) => {
              // A caller without a logger (a command-line tool) still outlives the lost connection.
              process.emitWarning(`an idle database connection failed: ${error.message}`);
            }),
        );
  const { db, syncCommitted } = opened;
  try {
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      // Kysely looks for its own tables by name in every schema unless told which one.
      ...(kind === 'postgres' && options.schema !== undefined
        ? { migrationTableSchema: options.schema }
        : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error !== undefined) {
      const failed = results?.find((result) => result.status === 'Error')?.migrationName;
      throw new Error(
        `database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const writeEphemeral = kind === 'sqlite' ? sqliteBatchWriter(db) : postgresEphemeralWriter(db);
  return { db, kind, writeEphemeral, syncCommitted };
}

/** True for a unique-constraint or primary-key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
