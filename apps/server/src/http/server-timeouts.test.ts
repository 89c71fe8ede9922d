import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
} from '../test/claims';
import {
  demoRows,
  encodeMultipart,
  startTestApp,
  TestClient,
  type TestApp,
} from '../test/test-app';

/**
 * The server's timeouts over a real socket, configured short: a client that stops sending is
 * cut, and what its upload had stored is removed.
 */

const BODY_IDLE_MS = 500;
const HEADERS_MS = 1_000;
const REQUEST_MS = 3_000;

let testApp: TestApp;
let port: number;
let configs: RemoteModelConfig[];
let members: Record<string, string>[];
let vehicles: Record<string, string>[];
let memberIndex = 0;

beforeAll(async () => {
  testApp = await startTestApp({
    now: () => new Date('2027-03-05T20:00:00Z'),
    env: {
      BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as net.AddressInfo).port;
  configs = await new TestClient(testApp.app).modelConfigs();
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
});
afterAll(async () => testApp.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection to the server that records what it answers and when it closes. */
async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { socket, closed, received: () => received };
}

/** The head and body of a valid Standard claim with one document, from an authorized session. */
async function claimRequest(documentSize: number) {
  const member = members[memberIndex++]!;
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
  const bytes = new Uint8Array(documentSize);
  bytes.set(SAMPLE_PDF);
  const document = { name: 'scan.pdf', bytes, type: 'application/pdf' };
  const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    documents: [document],
  });
  const { body, contentType } = await encodeMultipart(textParts, [
    { clientId: contextClientIds[0]!, bytes, type: document.type },
  ]);
  const head = [
    'POST /api/forms/standard HTTP/1.1',
    'Host: 127.0.0.1',
    `Content-Type: ${contentType}`,
    `Content-Length: ${body.byteLength}`,
    `Cookie: claims_session=${client.cookie('claims_session')}`,
    `X-CSRF-Token: ${client.csrfToken}`,
    '',
    '',
  ].join('\r\n');
  return { head, body };
}

async function pendingDocuments(): Promise<string[]> {
  return readdir(path.join(testApp.dataDir, 'documents', 'pending')).catch(() => []);
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(25);
  }
  return check();
}

describe('server timeouts over a real socket', () => {
  it('cuts an upload whose client stops sending mid-document and removes its partial file', async () => {
    const { head, body } = await claimRequest(256 * 1024);
    const connection = await connect();
    connection.socket.write(head);
    connection.socket.write(body.subarray(0, body.byteLength - 128 * 1024));
    expect(await waitFor(async () => (await pendingDocuments()).length > 0, 5_000)).toBe(true);
    const stalledAt = Date.now();

    const closedAt = await connection.closed;
    expect(closedAt - stalledAt).toBeLessThan(BODY_IDLE_MS + 2_000);
    expect(await waitFor(async () => (await pendingDocuments()).length === 0, 2_000)).toBe(true);
    const stored = await readdir(path.join(testApp.dataDir, 'documents', 'stored'));
    expect(stored).toEqual([]);
  });

  it('lets an upload that keeps sending outlast the idle timeout', async () => {
    const { head, body } = await claimRequest(64 * 1024);
    const connection = await connect();
    connection.socket.write(head);
    const slices = 8;
    const step = Math.ceil(body.byteLength / slices);
    for (let start = 0; start < body.byteLength; start += step) {
      connection.socket.write(body.subarray(start, start + step));
      await sleep(BODY_IDLE_MS / 3);
    }
    expect(await waitFor(async () => connection.received().includes('\r\n\r\n{'), 5_000)).toBe(
      true,
    );
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    connection.socket.destroy();
  });

  it('answers 408 and closes a connection whose headers trickle in past the header timeout', async () => {
    const connection = await connect();
    const startedAt = Date.now();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => connection.socket.write('X-Slow: 1\r\n'), BODY_IDLE_MS / 3);
    try {
      const closedAt = await connection.closed;
      expect(closedAt - startedAt).toBeGreaterThanOrEqual(HEADERS_MS);
      expect(closedAt - startedAt).toBeLessThan(HEADERS_MS * 2 + 2_000);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts a body that trickles in past the request timeout and removes its partial file', async () => {
    const { head, body } = await claimRequest(256 * 1024);
    const connection = await connect();
    const startedAt = Date.now();
    connection.socket.write(head);
    let sent = body.byteLength - 200 * 1024;
    connection.socket.write(body.subarray(0, sent));
    const trickle = setInterval(() => {
      connection.socket.write(body.subarray(sent, sent + 16));
      sent += 16;
    }, BODY_IDLE_MS / 3);
    try {
      const closedAt = await connection.closed;
      expect(closedAt - startedAt).toBeGreaterThanOrEqual(REQUEST_MS);
      expect(closedAt - startedAt).toBeLessThan(REQUEST_MS + HEADERS_MS + 2_000);
    } finally {
      clearInterval(trickle);
    }
    expect(await waitFor(async () => (await pendingDocuments()).length === 0, 2_000)).toBe(true);
  });
});
