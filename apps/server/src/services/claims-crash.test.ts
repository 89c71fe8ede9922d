import { randomBytes } from 'node:crypto';
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
import { demoRows } from '../test/test-app';

/**
 * The group commit's promise under a crash (docs/architecture.md#durable-writes): the server
 * process, killed with SIGKILL while claims are being filed together, has stored every claim
 * whose reference code it answered, with its documents. Run on the suite's store.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A database of its own on the test server, for the server process; dropped afterwards. */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `claims_crash_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const STORED_QUERY = `select d.storage_key from claims c join documents d on d.claim_id = c.id
  where c.reference_code = `;

describe('a server killed while claims are filed together', () => {
  let folder: string;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let members: Record<string, string>[];
  let vin: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'claims-crash-'));
    if (onPostgres) database = await createDatabase();
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
      members.slice(0, 16).map(async (member) => {
        const browser = new HttpBrowser(server!.origin);
        await browser.start();
        const answer = await browser.authorize('Standard', {
          noticeId: member.NoticeId!,
          pin: member.Pin!,
        });
        expect(answer.status).toBe(200);
        return browser;
      }),
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
