import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  claimPath,
  claimsPath,
  documentPath,
  type ClaimDetail,
  type ClaimsResponse,
} from '@claims/core/admin/admin-api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { startTestBucket, type TestBucket } from '../../test-fakes/s3-bucket';
import { TEST_ADMIN_PASSWORD } from '../admin/testing/admin-test-kit';
import { REPO_ROOT } from '../config';
import { addAccountOn, HttpAdmin } from '../test/http-admin';
import { HttpBrowser } from '../test/http-browser';
import { fileWhileKilled, startServerProcess, type ServerProcess } from '../test/server-process';
import { createScratchDatabase } from '../test/scratch-database';
import { demoRows } from '../test/test-app';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const NGINX = '/usr/sbin/nginx';
const PROXY_CONFIG = path.join(REPO_ROOT, 'deploy', 'nginx', 'claims.conf');
const run = promisify(execFile);

/** A port nothing listens on now, for nginx. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Proxy {
  origin: string;
  ca: Buffer;
  stop(): Promise<void>;
}

/**
 * nginx with deploy/nginx/claims.conf as shipped, but for its marked lines: loopback ports, a
 * self-signed certificate for localhost and the two instances' ports.
 */
async function startProxy(folder: string, instances: readonly ServerProcess[]): Promise<Proxy> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const cert = path.join(folder, 'cert.pem');
  const key = path.join(folder, 'key.pem');
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert],
  ]);
  const site = (await readFile(PROXY_CONFIG, 'utf8'))
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${instances[0]!.port}`)
    .replace('server 127.0.0.1:3002', `server 127.0.0.1:${instances[1]!.port}`)
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/^ *listen \[::\].*\n/gm, '')
    .replaceAll('server_name claims.example.org;', 'server_name localhost;')
    .replace('/etc/ssl/claims/fullchain.pem', cert)
    .replace('/etc/ssl/claims/privkey.pem', key);
  await writeFile(path.join(folder, 'claims.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, name)};`;
  await writeFile(
    path.join(folder, 'nginx.conf'),
    [
      `pid ${path.join(folder, 'nginx.pid')};`,
      `error_log ${path.join(folder, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(folder, 'claims.conf')};`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', folder, '-c', path.join(folder, 'nginx.conf')];
  await run(NGINX, [...args, '-t']);
  await run(NGINX, args);
  return {
    origin: `https://localhost:${httpsPort}`,
    ca: await readFile(cert),
    stop: async () => void (await run(NGINX, [...args, '-s', 'quit']).catch(() => undefined)),
  };
}

interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through the proxy over TLS, trusting its certificate. */
function viaProxy(
  proxy: Proxy,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      new URL(pathname, proxy.origin),
      { method: options.method ?? 'GET', headers: options.headers ?? {}, ca: proxy.ca },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    call.on('error', reject);
    call.end(options.body);
  });
}

const ready = TEST_DATABASE_URL !== undefined && existsSync(NGINX);

describe.skipIf(!ready)('two instances behind nginx on PostgreSQL and the bucket', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let bucket: TestBucket;
  let folder: string;
  const instances: ServerProcess[] = [];
  let proxy: Proxy;
  let members: Record<string, string>[];
  let vin: string;
  let nextMember = 0;
  /** The reference code of the claim filed on the second instance. */
  let filedOnSecond: string | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'claims-two-'));
    [database, bucket] = await Promise.all([
      createScratchDatabase('claims_two'),
      startTestBucket(),
    ]);
    const proxyPort = await freePort();
    const shared = {
      DATABASE_URL: database.url,
      ...bucket.env,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      PIN_PEPPER: randomBytes(32).toString('base64url'),
      PUBLIC_ORIGIN: `https://localhost:${proxyPort}`,
      TRUST_PROXY: '1',
      WEB_DIST: path.join(folder, 'no-web-build'),
    };
    // One at a time: the first migrates the database and imports the class list.
    for (const name of ['a', 'b']) {
      instances.push(await startServerProcess({ ...shared, DATA_DIR: path.join(folder, name) }));
    }
    proxy = await startProxy(folder, instances);
    members = await demoRows('class-list.csv');
    vin = (await demoRows('vehicles.csv'))[0]!.Vin!;
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.kill()));
    await bucket?.stop();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  /** A browser authorized for the Standard form on `origin`, as the next class member. */
  async function authorizedOn(origin: string): Promise<HttpBrowser> {
    return HttpBrowser.authorizedAs(origin, members[nextMember++]!);
  }

  const pdf = { name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' };

  /** The claim of a reference code as the database holds it, with its documents in the bucket. */
  async function storedClaim(code: string) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ storage_key: string }>(
        `select d.storage_key from claims c join documents d on d.claim_id = c.id
         where c.reference_code = $1`,
        [code],
      );
      const keys = new Set(await bucket.keys());
      return {
        documents: rows.length,
        inBucket: rows.filter((row) => keys.has(`stored/${row.storage_key}`)).length,
      };
    } finally {
      await client.end();
    }
  }

  it('serves the site through the proxy over TLS with the __Host- session cookie', async () => {
    const health = await viaProxy(proxy, '/api/health');
    expect(health.status).toBe(200);
    const csrf = await viaProxy(proxy, '/api/csrf');
    expect(csrf.status).toBe(200);
    const cookies = csrf.headers['set-cookie'] as string[];
    expect(cookies.find((line) => line.startsWith('__Host-claims_session='))).toMatch(/; Secure/);
    expect((await viaProxy(proxy, '/metrics')).status).toBe(404);
  });

  it('files a claim authorized on one instance through the other, its document in the bucket', async () => {
    const [first, second] = instances;
    const onFirst = await authorizedOn(first!.origin);
    const response = await onFirst.at(second!.origin).submitStandard(vin, [pdf]);
    expect(response.status).toBe(200);
    const { referenceCodeForm } = (await response.json()) as { referenceCodeForm: string };
    expect(await storedClaim(referenceCodeForm)).toEqual({ documents: 1, inBucket: 1 });
    filedOnSecond = referenceCodeForm;
    const uploader = new HttpBrowser(first!.origin);
    await uploader.start();
    const found = await uploader.authorize('DocumentsUpload', {
      referenceCode: referenceCodeForm,
      lastName: "O'Neil-Núñez",
      mailingPostalCode: null,
    });
    expect(found.status).toBe(200);
  });

  it('gives a reviewer signed in on one instance the document of a claim filed on the other', async () => {
    const account = {
      email: 'reviewer@example.org',
      role: 'reviewer' as const,
      password: TEST_ADMIN_PASSWORD,
    };
    await addAccountOn({ dataDir: path.join(folder, 'a'), databaseUrl: database.url }, account);
    const reviewer = await HttpAdmin.enrolled(instances[0]!.origin, account);
    const found = (await (
      await reviewer.get(claimsPath({ q: filedOnSecond! }))
    ).json()) as ClaimsResponse;
    expect(found.items.map((claim) => claim.referenceCode)).toEqual([filedOnSecond]);
    const claimId = found.items[0]!.id;
    const detail = (await (await reviewer.get(claimPath(claimId))).json()) as ClaimDetail;
    expect(detail.documents).toHaveLength(1);
    const document = detail.documents[0]!;
    const download = await reviewer.get(documentPath(claimId, document.id, 'attachment'));
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(pdf.bytes));
    expect(document.sha256).toBe(sha256(pdf.bytes));
  });

  it('keeps every claim whose code was answered when an instance dies under load', async () => {
    const [doomed, survivor] = instances;
    const browsers = await Promise.all(
      Array.from({ length: 12 }, () => authorizedOn(doomed!.origin)),
    );
    const codes = await fileWhileKilled(doomed!, browsers, vin, [pdf], 30);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      expect(await storedClaim(code)).toEqual({ documents: 1, inBucket: 1 });
      const uploader = new HttpBrowser(survivor!.origin);
      await uploader.start();
      const found = await uploader.authorize('DocumentsUpload', {
        referenceCode: code,
        lastName: "O'Neil-Núñez",
        mailingPostalCode: null,
      });
      expect(found.status).toBe(200);
    }
  });

  it('sends every request to the instance left when the other is gone', async () => {
    expect(instances[0]!.child.exitCode !== null || instances[0]!.child.signalCode !== null).toBe(
      true,
    );
    const csrf = await viaProxy(proxy, '/api/csrf');
    const cookie = (csrf.headers['set-cookie'] as string[])
      .map((line) => line.split(';')[0])
      .join('; ');
    const { requestToken } = JSON.parse(csrf.body) as { requestToken: string };
    for (let call = 0; call < 6; call += 1) {
      expect((await viaProxy(proxy, '/api/ready')).status).toBe(200);
      const timeout = await viaProxy(proxy, '/api/session-timeout', {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': requestToken, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(timeout.status).toBe(200);
    }
  });
});

describe.skipIf(ready)('two instances behind nginx', () => {
  it.skip('need TEST_DATABASE_URL and nginx (apt-get install -y nginx)', () => {});
});
