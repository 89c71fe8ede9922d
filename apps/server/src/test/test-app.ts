import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { parseDocument, stringify } from 'yaml';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { authorizePath, submitPath, type AuthorizeResponse } from '@claims/core/contract/api';
import type { FormType, SubmittableFormType } from '@claims/core/form-types';
import { withVinCheckDigit } from '@claims/core/vin';
import type { Challenge } from 'altcha-lib';
import { solveAltcha } from '../../test-fakes/altcha-solver';
import { buildApp, type BuildOptions } from '../app';
import { readConfig, REPO_ROOT } from '../config';
import { parseCsv } from '../case/csv';
import { openDatabase, type DatabaseOptions } from '../db/database';
import { migrationProvider } from '../db/migrations';

const NO_RATE_LIMITS = {
  RATE_LIMIT_AUTHORIZE: '0',
  RATE_LIMIT_STATUS: '0',
  RATE_LIMIT_CAPTCHA: '0',
  RATE_LIMIT_SESSION: '0',
};

/** The demo case the tests copy and adjust. */
export const DEMO_CASE_DIR = path.join(REPO_ROOT, 'cases', 'demo');

/** Set by vitest.config.ts per project: 'sqlite', or 'postgres' when TEST_DATABASE_URL is set. */
const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestAppOptions extends Omit<Partial<BuildOptions>, 'config'> {
  /** Changes to the demo's case.yaml (parsed), made before the app loads it. */
  editCase?: (caseDefinition: Record<string, unknown>) => void;
  /** Extra environment for readConfig (DATA_DIR, CASE_DIR and LOG_LEVEL are set here). */
  env?: Record<string, string>;
  /** A second server instance over the same database, data folder and secrets. */
  shareStoreWith?: TestApp;
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  caseDir: string;
  schema: string | undefined;
  close(): Promise<void>;
}

async function createSchema(): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  return schema;
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

/** A migrated database of its own: SQLite in a temporary folder, or a fresh PostgreSQL schema. */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'onConnectionError'> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'claims-db-'));
  const schema = TEST_DB === 'postgres' ? await createSchema() : undefined;
  const handle = await openDatabase({
    ...options,
    dataDir,
    ...(schema === undefined ? {} : { databaseUrl: TEST_DATABASE_URL, schema }),
  });
  return {
    ...handle,
    dataDir,
    /** A further connection to the same database, through a dialect of the test's own. */
    dialect: () => testDialect(dataDir, schema),
    async close() {
      await handle.db.destroy();
      if (schema !== undefined) await dropSchema(schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A dialect for the test database under `dataDir` (SQLite) or in `schema` (PostgreSQL). */
function testDialect(dataDir: string, schema: string | undefined): Dialect {
  return schema === undefined
    ? new SqliteDialect({ database: new SQLite(path.join(dataDir, 'claims.sqlite')) })
    : new PostgresDialect({
        pool: new pg.Pool({
          connectionString: TEST_DATABASE_URL,
          options: `-c search_path=${schema}`,
        }),
      });
}

/**
 * An empty database of its own, no migration run, and a migrator over it: SQLite in a
 * temporary folder or a fresh PostgreSQL schema, for tests of the migrations themselves.
 */
export async function openEmptyTestDatabase() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'claims-db-'));
  const schema = TEST_DB === 'postgres' ? await createSchema() : undefined;
  const db = new Kysely<unknown>({ dialect: testDialect(dataDir, schema) });
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  return {
    db,
    migrator,
    async close() {
      await db.destroy();
      if (schema !== undefined) await dropSchema(schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the demo case in a temporary folder, with its case.yaml edited. */
export async function copyDemoCase(
  editCase?: (caseDefinition: Record<string, unknown>) => void,
): Promise<string> {
  const caseDir = await mkdtemp(path.join(tmpdir(), 'claims-case-'));
  await cp(DEMO_CASE_DIR, caseDir, { recursive: true });
  if (editCase !== undefined) {
    const file = path.join(caseDir, 'case.yaml');
    const definition = parseDocument(await readFile(file, 'utf8')).toJS() as Record<
      string,
      unknown
    >;
    editCase(definition);
    await writeFile(file, stringify(definition, { aliasDuplicateObjects: false }));
  }
  return caseDir;
}

/**
 * Builds the app over a fresh data folder (and, on PostgreSQL, a fresh schema) and a copy of
 * the demo case; the captcha's proof of work is made tiny so tests solve it at once.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { editCase, env, shareStoreWith: shared, ...buildOptions } = options;
  const dataDir = shared?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'claims-data-')));
  const caseDir = await copyDemoCase(editCase);
  const schema =
    shared !== undefined
      ? shared.schema
      : TEST_DB === 'postgres'
        ? await createSchema()
        : undefined;
  // The instance that created the store removes it.
  const ownsStore = shared === undefined;
  const config = readConfig({
    DATA_DIR: dataDir,
    CASE_DIR: caseDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // The per-address request limits are off unless a test sets them (ops/rate-limits.ts): the
    // suites send far more from one address than any person does.
    ...NO_RATE_LIMITS,
    ...(schema === undefined ? {} : { DATABASE_URL: TEST_DATABASE_URL }),
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      altchaMaxNumber: 50,
      ...(schema === undefined ? {} : { databaseSchema: schema }),
      ...buildOptions,
    });
    await app.ready();
  } catch (error) {
    if (ownsStore && schema !== undefined) await dropSchema(schema);
    if (ownsStore) await rm(dataDir, { recursive: true, force: true });
    await rm(caseDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    dataDir,
    caseDir,
    schema,
    async close() {
      await app.close();
      if (ownsStore && schema !== undefined) await dropSchema(schema);
      if (ownsStore) await rm(dataDir, { recursive: true, force: true });
      await rm(caseDir, { recursive: true, force: true });
    },
  };
}

/** Rows of the demo's class list and vehicle list, camelCase columns. */
export async function demoRows(file: 'class-list.csv' | 'vehicles.csv') {
  const table = parseCsv(await readFile(path.join(DEMO_CASE_DIR, file), 'utf8'));
  return table.rows.map((row) => row.values);
}

/** The demo's copy of a content key in a culture. */
export async function demoText(culture: string, key: string): Promise<string> {
  const file = path.join(DEMO_CASE_DIR, 'content', `${culture}.json`);
  const content = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  const text = content[key];
  if (text === undefined) throw new Error(`the demo's ${culture} copy has no ${key}`);
  return text;
}

/** A VIN with a valid check digit that is not on the demo's vehicle list. */
export function ineligibleVin(): string {
  return withVinCheckDigit('1ZZZZ99Z0ZZ000001');
}

export interface UploadFile {
  /** The document context clientId the file belongs to (the multipart file name). */
  clientId: string;
  bytes: Uint8Array;
  type?: string;
}

/** An inject-based client with its own cookie jar, CSRF token and client address. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (typeof value === 'string') headers[name] = value;
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (options.method !== 'GET' && this.csrfToken !== undefined && !('x-csrf-token' in headers)) {
      headers['x-csrf-token'] = this.csrfToken;
    }
    const response = await this.app.inject({
      ...options,
      headers,
      remoteAddress: this.remoteAddress,
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const cleared =
        cookie.value === '' ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** The same browser (cookies, CSRF token, address) talking to another server instance. */
  withApp(app: FastifyInstance): TestClient {
    const other = new TestClient(app, this.remoteAddress);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    other.csrfToken = this.csrfToken;
    return other;
  }

  /** The value of one of the client's cookies. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  postJson(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as object, headers });
  }

  /** GET /api/csrf, keeping the token for later unsafe calls. */
  async csrf(): Promise<string> {
    const response = await this.get('/api/csrf');
    const body = response.json<{ requestToken: string }>();
    this.csrfToken = body.requestToken;
    return body.requestToken;
  }

  /** A solved proof-of-work token, as the altcha widget would produce. */
  async captchaToken(): Promise<string> {
    const response = await this.get('/api/captcha/challenge');
    return solveAltcha(response.json<Challenge>());
  }

  /**
   * Authorizes as the browser does: a 428 asking for a stronger check is solved and sent again
   * (docs/behaviour.md#lockouts). authorizeOnce shows the first answer.
   */
  async authorize(
    formType: FormType,
    credentials: Record<string, string | null>,
    reCaptchaResponse?: string,
  ): Promise<LightMyRequestResponse & { body: string }> {
    let response = await this.authorizeOnce(formType, credentials, reCaptchaResponse);
    for (let retry = 0; retry < 3 && response.statusCode === 428; retry += 1) {
      const challenge = response.json<{ captchaChallenge: Challenge }>().captchaChallenge;
      response = await this.authorizeOnce(formType, credentials, await solveAltcha(challenge));
    }
    return response;
  }

  async authorizeOnce(
    formType: FormType,
    credentials: Record<string, string | null>,
    reCaptchaResponse?: string,
  ): Promise<LightMyRequestResponse & { body: string }> {
    return this.postJson(authorizePath(formType), {
      credentials,
      reCaptchaResponse: reCaptchaResponse ?? (await this.captchaToken()),
    });
  }

  async authorizeOk(formType: FormType, credentials: Record<string, string | null>) {
    const response = await this.authorize(formType, credentials);
    if (response.statusCode !== 200) {
      throw new Error(`authorize ${formType} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json<AuthorizeResponse>();
  }

  /** POST a multipart submission, encoded by the platform's own FormData. */
  async submit(
    formType: SubmittableFormType,
    textParts: Record<string, string>,
    files: readonly UploadFile[] = [],
  ): Promise<LightMyRequestResponse> {
    const { body, contentType } = await encodeMultipart(textParts, files);
    return this.request({
      method: 'POST',
      url: submitPath(formType),
      payload: body,
      headers: { 'content-type': contentType },
    });
  }

  async modelConfigs(): Promise<RemoteModelConfig[]> {
    return (await this.get('/api/forms/config')).json<RemoteModelConfig[]>();
  }
}

/** The multipart body Node's fetch would send for these parts. */
export async function encodeMultipart(
  textParts: Record<string, string>,
  files: readonly UploadFile[] = [],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(textParts)) form.append(name, value);
  for (const file of files) {
    form.append(
      'documents',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.clientId,
    );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}
