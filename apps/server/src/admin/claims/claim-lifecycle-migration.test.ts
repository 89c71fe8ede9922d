import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { openEmptyTestDatabase } from '../../test/test-app';

let database: Awaited<ReturnType<typeof openEmptyTestDatabase>>;

beforeAll(async () => {
  database = await openEmptyTestDatabase();
});
afterAll(async () => database.close());

function legacyClaim(id: string, formType: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    reference_code: `REF-${id}`,
    form_type: formType,
    culture: 'en',
    identity: JSON.stringify({ kind: 'classMember', noticeId: 'nw 00000042' }),
    models: JSON.stringify({
      claimantInfo: {
        clientId: 'c',
        metadataHash: 'h',
        fields: { firstName: 'José', lastName: "O'Brien", emailAddress: 'Jose@Example.com' },
      },
      claimDetails: { clientId: 'd', metadataHash: 'h', fields: { vin: '1nwvrs2f5jr162080' } },
    }),
    prepopulated_data: '{}',
    submission_key: `key-${id}`,
    parent_claim_id: null,
    created_at: '2027-03-05T20:00:00.000Z',
    ...extra,
  };
}

describe('the migration that gives claims a lifecycle', () => {
  it('starts every existing claim received with its filing event, and a documents upload with none', async () => {
    const before = await database.migrator.migrateTo('2026-12-06-admin-accounts');
    expect(before.error).toBeUndefined();
    const legacy = database.db as Kysely<{ claims: Record<string, unknown> }>;
    await legacy
      .insertInto('claims')
      .values([
        legacyClaim('a', 'Standard'),
        legacyClaim('b', 'Automotive'),
        legacyClaim('c', 'DocumentsUpload', { parent_claim_id: 'a' }),
      ])
      .execute();

    const after = await database.migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const db = database.db as Kysely<Database>;
    const claims = await db
      .selectFrom('claims')
      .select(['id', 'status', 'cure_by', 'appeal_by'])
      .orderBy('id')
      .execute();
    expect(claims).toEqual([
      { id: 'a', status: 'received', cure_by: null, appeal_by: null },
      { id: 'b', status: 'received', cure_by: null, appeal_by: null },
      { id: 'c', status: 'received', cure_by: null, appeal_by: null },
    ]);
    const history = await db
      .selectFrom('claim_history')
      .select(['claim_id', 'sequence', 'transition', 'from_status', 'to_status', 'at'])
      .orderBy('claim_id')
      .execute();
    expect(history).toEqual([
      {
        claim_id: 'a',
        sequence: 1,
        transition: 'filed',
        from_status: null,
        to_status: 'received',
        at: '2027-03-05T20:00:00.000Z',
      },
      {
        claim_id: 'b',
        sequence: 1,
        transition: 'filed',
        from_status: null,
        to_status: 'received',
        at: '2027-03-05T20:00:00.000Z',
      },
    ]);
  });

  it('fills the search columns of existing claims from what they were filed with', async () => {
    const db = database.db as Kysely<Database>;
    const row = await db
      .selectFrom('claims')
      .select(['claimant_name', 'search_name', 'search_email', 'search_notice_id', 'search_vin'])
      .where('id', '=', 'a')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      claimant_name: "José O'Brien",
      search_name: 'jose o brien',
      search_email: 'jose@example.com',
      search_notice_id: 'NW00000042',
      search_vin: '1NWVRS2F5JR162080',
    });
  });
});
