import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { listAuditEvents, streamAuditEvents, writeAuditEvent, type AuditEvent } from './audit-log';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeEach(async () => {
  database = await openTestDatabase();
});

afterEach(async () => {
  await database.close();
});

const event = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  action: 'claim_viewed',
  actorEmail: 'Reviewer@Example.org',
  actorRole: 'reviewer',
  claimReference: 'NWM-ABC123',
  ipAddress: '203.0.113.9',
  ...overrides,
});

const query = (filters: Record<string, string> = {}, page = 1) => ({
  page,
  pageSize: 25 as const,
  ...filters,
});

describe('the audit log store', () => {
  it('lists entries newest first, with every field', async () => {
    await writeAuditEvent(database.db, event(), new Date('2027-03-01T10:00:00Z'));
    await writeAuditEvent(
      database.db,
      event({ action: 'document_viewed', documentId: 'doc-1', details: 'inline' }),
      new Date('2027-03-01T10:00:00Z'),
    );
    const page = await listAuditEvents(database.db, query(), 'UTC');
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      action: 'document_viewed',
      at: '2027-03-01T10:00:00.000Z',
      actorEmail: 'Reviewer@Example.org',
      actorRole: 'reviewer',
      claimReference: 'NWM-ABC123',
      documentId: 'doc-1',
      ipAddress: '203.0.113.9',
      details: 'inline',
    });
    expect(page.items[1]?.action).toBe('claim_viewed');
  });

  it('filters by action, by actor and claim with case aside', async () => {
    const at = new Date('2027-03-01T10:00:00Z');
    await writeAuditEvent(database.db, event(), at);
    await writeAuditEvent(database.db, event({ actorEmail: 'other@example.org' }), at);
    await writeAuditEvent(database.db, event({ action: 'sign_in', claimReference: null }), at);
    const byActor = await listAuditEvents(
      database.db,
      query({ actor: 'reviewer@example.ORG' }),
      'UTC',
    );
    expect(byActor.total).toBe(2);
    const byClaim = await listAuditEvents(database.db, query({ claim: 'nwm-abc123' }), 'UTC');
    expect(byClaim.total).toBe(2);
    const byAction = await listAuditEvents(database.db, query({ action: 'sign_in' }), 'UTC');
    expect(byAction.items.map((item) => item.action)).toEqual(['sign_in']);
  });

  it("reads from and to as whole days in the case's time zone", async () => {
    // 07:59Z on the 2nd is still the 1st in Los Angeles; 08:00Z is the 2nd there.
    await writeAuditEvent(
      database.db,
      event({ details: 'first' }),
      new Date('2027-03-02T07:59:00Z'),
    );
    await writeAuditEvent(
      database.db,
      event({ details: 'second' }),
      new Date('2027-03-02T08:00:00Z'),
    );
    const zone = 'America/Los_Angeles';
    const onFirst = await listAuditEvents(
      database.db,
      query({ from: '2027-03-01', to: '2027-03-01' }),
      zone,
    );
    expect(onFirst.items.map((item) => item.details)).toEqual(['first']);
    const fromSecond = await listAuditEvents(database.db, query({ from: '2027-03-02' }), zone);
    expect(fromSecond.items.map((item) => item.details)).toEqual(['second']);
  });

  it('pages with the same total on every page', async () => {
    for (let index = 0; index < 30; index += 1) {
      await writeAuditEvent(
        database.db,
        event({ details: String(index) }),
        new Date('2027-03-01T10:00:00Z'),
      );
    }
    const second = await listAuditEvents(database.db, query({}, 2), 'UTC');
    expect(second.total).toBe(30);
    expect(second.items.map((item) => item.details)).toEqual(['4', '3', '2', '1', '0']);
    const beyond = await listAuditEvents(database.db, query({}, 5), 'UTC');
    expect(beyond).toMatchObject({ total: 30, items: [] });
  });

  it('streams every matching entry, newest first, past one batch', async () => {
    for (let index = 0; index < 520; index += 1) {
      await writeAuditEvent(
        database.db,
        event({ action: index % 2 === 0 ? 'claim_viewed' : 'sign_in', details: String(index) }),
        new Date('2027-03-01T10:00:00Z'),
      );
    }
    const seen: string[] = [];
    for await (const entry of streamAuditEvents(database.db, { action: 'sign_in' }, 'UTC')) {
      seen.push(entry.details ?? '');
    }
    expect(seen).toHaveLength(260);
    expect(seen[0]).toBe('519');
    expect(seen.at(-1)).toBe('1');
  });
});
