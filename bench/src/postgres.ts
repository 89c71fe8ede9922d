import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** How long a drop waits for the database's connections to close before it cuts them. */
const CLOSING_WAIT_MS = 5000;

/**
 * Waits for the connections to `name` to close. A pool's end() resolves before its connections
 * are closed, and a forced drop that cuts one still open makes the pool of an in-process server
 * emit an 'error' on it, which ends the process.
 */
async function connectionsGone(client: pg.Client, name: string): Promise<void> {
  const until = Date.now() + CLOSING_WAIT_MS;
  while (Date.now() < until) {
    const { rows } = await client.query<{ open: string }>(
      'select count(*) as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (Number(rows[0]?.open ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
        await connectionsGone(client, name);
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
