import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the server DATABASE_URL points at, for one benchmark run, and its
 * removal. The connection's own database is only used to create and drop it.
 */
export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `claims_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Transactions committed in the database of `url` so far (pg_stat_database.xact_commit),
 * read-only ones included. PostgreSQL publishes a connection's counts within about 10 s of its
 * last transaction, so read it once the load has been idle that long.
 */
export async function committedTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string }>(
      'select xact_commit as commits from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.commits ?? 0);
  } finally {
    await client.end();
  }
}
