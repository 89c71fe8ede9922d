import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogKey, securitySubject } from './logger';
import { demoRows, startTestApp, TestClient, type TestApp } from './test/test-app';

type LogLine = Record<string, unknown>;

/** A log stream whose lines the test reads back, parsed. */
function capture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line !== '') lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return { lines, stream };
}

const SECRET = 's'.repeat(40);
const direct = capture();
const proxied = capture();
let testApp: TestApp;
let behindProxy: TestApp;
let members: Record<string, string>[];

beforeAll(async () => {
  testApp = await startTestApp({
    env: { LOG_LEVEL: 'info', SESSION_SECRET: SECRET },
    logStream: direct.stream,
    lockout: { idCost: { afterFailures: 5, windowMinutes: 60, maxNumber: 400, delayMs: 0 } },
  });
  behindProxy = await startTestApp({
    env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true' },
    logStream: proxied.stream,
  });
  members = await demoRows('class-list.csv');
});
afterAll(async () => {
  await testApp.close();
  await behindProxy.close();
});

/** The lines of the request(s) whose first line matched. */
function linesOfRequests(lines: LogLine[], match: (line: LogLine) => boolean): LogLine[] {
  const ids = new Set(lines.filter(match).map((line) => line.reqId));
  return lines.filter((line) => ids.has(line.reqId));
}

const events = (lines: LogLine[], name: string) =>
  lines.filter((line) => line.securityEvent === name);

/** Every string in a log line, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('request logs', () => {
  it('carry the client address on every line of a request', async () => {
    const client = new TestClient(testApp.app, '198.51.100.23');
    await client.csrf();
    await client.request({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { 'x-csrf-token': '' },
    });
    const lines = linesOfRequests(direct.lines, (line) => strings(line).includes('198.51.100.23'));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) expect(JSON.stringify(line)).toContain('"198.51.100.23"');
    expect(lines.find((line) => line.msg === 'incoming request')).toMatchObject({
      req: { remoteAddress: '198.51.100.23', url: '/api/csrf' },
    });
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({
      address: '198.51.100.23',
    });
  });

  it('carry the address a trusted proxy names, and only when TRUST_PROXY trusts it', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    await new TestClient(behindProxy.app, '10.0.0.2').request({
      method: 'GET',
      url: '/api/csrf',
      headers,
    });
    await new TestClient(testApp.app, '10.0.0.3').request({
      method: 'GET',
      url: '/api/csrf',
      headers,
    });
    const viaProxy = linesOfRequests(proxied.lines, (line) =>
      strings(line).includes('203.0.113.77'),
    );
    expect(viaProxy.find((line) => line.msg === 'request completed')).toMatchObject({
      address: '203.0.113.77',
    });
    const untrusted = linesOfRequests(direct.lines, (line) => strings(line).includes('10.0.0.3'));
    expect(untrusted.find((line) => line.msg === 'request completed')).toMatchObject({
      address: '10.0.0.3',
    });
    expect(JSON.stringify(direct.lines)).not.toContain('203.0.113.77');
  });
});

describe('security events', () => {
  it('log a lockout with a pseudonym of the Notice ID, and never the Notice ID or a PIN', async () => {
    const member = members[40]!;
    const wrongPins = ['135791', '246802', '357913', '468024', '579135', '680246'];
    const guesser = new TestClient(testApp.app, '192.0.2.44');
    await guesser.csrf();
    for (const pin of wrongPins) {
      await guesser.authorize('Standard', { noticeId: member.NoticeId!, pin });
    }
    const owner = new TestClient(testApp.app, '192.0.2.45');
    await owner.csrf();
    await owner.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });

    const subject = securitySubject(securityLogKey(SECRET), 'noticeId', member.NoticeId!);
    expect(events(direct.lines, 'authorize.lockout')).toContainEqual(
      expect.objectContaining({
        subject,
        address: '192.0.2.44',
        reason: 'id-and-address locked for 15 min',
        level: 40,
      }),
    );
    expect(events(direct.lines, 'authorize.locked')).toContainEqual(
      expect.objectContaining({ subject, address: '192.0.2.44' }),
    );
    expect(events(direct.lines, 'authorize.refused')).toContainEqual(
      expect.objectContaining({ subject, reason: 'invalidCredentials' }),
    );
    expect(events(direct.lines, 'authorize.succeeded')).toContainEqual(
      expect.objectContaining({ subject, address: '192.0.2.45', reason: 'Standard' }),
    );
    const log = JSON.stringify(direct.lines);
    expect(log.toUpperCase()).not.toContain(member.NoticeId!.toUpperCase());
    for (const pin of [...wrongPins, member.Pin!]) {
      for (const line of direct.lines) {
        expect(strings(line).some((text) => text.includes(pin))).toBe(false);
      }
    }
  });

  it('log refused captcha tokens, CSRF tokens and submissions', async () => {
    const client = new TestClient(testApp.app, '192.0.2.60');
    await client.csrf();
    const member = members[41]!;
    await client.authorize('Standard', { noticeId: member.NoticeId!, pin: member.Pin! }, '');
    await client.request({
      method: 'POST',
      url: '/api/session-timeout',
      headers: { 'x-csrf-token': 'x' },
    });
    const unauthorized = await client.submit('Standard', {});
    expect(unauthorized.statusCode).toBe(401);
    await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
    const invalid = await client.submit('Standard', {});
    expect(invalid.statusCode).toBe(400);

    const mine = linesOfRequests(direct.lines, (line) => line.address === '192.0.2.60');
    const subject = securitySubject(securityLogKey(SECRET), 'noticeId', member.NoticeId!);
    expect(events(mine, 'captcha.refused')).toContainEqual(expect.objectContaining({ subject }));
    expect(events(mine, 'csrf.refused')).toContainEqual(
      expect.objectContaining({ reason: 'token of another session' }),
    );
    expect(events(mine, 'upload.refused')).toEqual([
      expect.objectContaining({ reason: '401 not authorized' }),
      expect.objectContaining({ reason: '400 invalid submission', subject }),
    ]);
  });
});
