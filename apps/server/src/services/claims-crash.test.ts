import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { HttpBrowser } from '../test/http-browser';
import { fileWhileKilled, startServerProcess, type ServerProcess } from '../test/server-process';
import { createScratchDatabase } from '../test/scratch-database';
import { demoRows } from '../test/test-app';

/**
 * The group commit's promise under a crash (docs/architecture.md#durable-writes): the server
 * process, killed with SIGKILL while claims are being filed together, has stored every claim
 * whose reference code it answered, with its documents. Run on the suite's store.
 */

const onPostgres = process.env.TEST_DB === 'postgres';

const STORED_QUERY = `select d.storage_key from claims c join documents d on d.claim_id = c.id
  where c.reference_code = `;

describe('a server killed while claims are filed together', () => {
  let folder: string;
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let members: Record<string, string>[];
  let vin: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'claims-crash-'));
    if (onPostgres) database = await createScratchDatabase('claims_crash');
    server = await startServerProcess({
      DATA_DIR: folder,
      ...(database === undefined ? {} : { DATABASE_URL: database.url }),
      WEB_DIST: path.join(folder, 'no-web-build'),
      CAPTCHA_FRICTION: 'off',
    });
    members = await demoRows('class-list.csv');
    vin = (await demoRows('vehicles.csv'))[0]!.Vin!;
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  /** The storage keys of the documents stored with the claim of this reference code. */
  async function storedDocuments(code: string): Promise<string[]> {
    if (database === undefined) {
      const file = new SQLite(path.join(folder, 'claims.sqlite'), { readonly: true });
      try {
        return file
          .prepare(`${STORED_QUERY} ?`)
          .all(code)
          .map((row) => (row as { storage_key: string }).storage_key);
      } finally {
        file.close();
      }
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ storage_key: string }>(`${STORED_QUERY} $1`, [code]);
      return rows.map((row) => row.storage_key);
    } finally {
      await client.end();
    }
  }

  it('has stored every claim whose reference code it answered, with its document', async () => {
    const browsers = await Promise.all(
      members.slice(0, 16).map((member) => HttpBrowser.authorizedAs(server!.origin, member)),
    );
    const pdf = { name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' };
    const codes = await fileWhileKilled(server!, browsers, vin, [pdf], 20);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      const keys = await storedDocuments(code);
      expect(keys).toHaveLength(1);
      expect(existsSync(path.join(folder, 'documents', 'stored', keys[0]!))).toBe(true);
    }
  }, 120_000);
});
