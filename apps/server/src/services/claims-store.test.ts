import { randomUUID } from 'node:crypto';
import { Kysely, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { lostCommitDialect, type LostCommit } from '../../test-fakes/lost-commit-dialect';
import { openTestDatabase } from '../test/test-app';
import { ClaimOutcomeUnknownError, ClaimsStore, type NewClaim } from './claims-store';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let store: ClaimsStore;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new ClaimsStore(database, () => new Date('2027-03-05T20:00:00Z'));
});
afterAll(async () => database.close());

function newClaim(): NewClaim {
  return {
    formType: 'Standard',
    culture: 'en',
    identity: { kind: 'classMember', noticeId: 'NW00000001' },
    models: {},
    prepopulatedData: {},
    submissionKey: randomUUID(),
    parentClaimId: null,
    documents: [],
  };
}

const claimCount = async (submissionKey: string) =>
  (
    await database.db
      .selectFrom('claims')
      .select('id')
      .where('submission_key', '=', submissionKey)
      .execute()
  ).length;

const tokenCount = async (hash: string) =>
  (
    await database.db
      .selectFrom('used_captcha_tokens')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .execute()
  ).length;

const recordToken = (hash: string) => async (trx: Transaction<Database>) => {
  await trx
    .insertInto('used_captcha_tokens')
    .values({ token_hash: hash, expires_at: '2999-01-01T00:00:00.000Z' })
    .execute();
};

describe('ClaimsStore.save', () => {
  it('writes what the caller adds in the claim\u2019s own transaction', async () => {
    const claim = newClaim();
    const saved = await store.save(claim, recordToken('with-claim'));
    expect(saved.created).toBe(true);
    expect(await claimCount(claim.submissionKey)).toBe(1);
    expect(await tokenCount('with-claim')).toBe(1);
  });

  it('stores no claim when what the caller adds fails', async () => {
    const claim = newClaim();
    const failing = store.save(claim, async (trx) => {
      await recordToken('with-failed-claim')(trx);
      throw new Error('the pass was spent');
    });
    await expect(failing).rejects.toThrow('the pass was spent');
    expect(await claimCount(claim.submissionKey)).toBe(0);
    expect(await tokenCount('with-failed-claim')).toBe(0);
  });

  it('writes nothing the caller adds for a claim filed before', async () => {
    const claim = newClaim();
    const first = await store.save(claim);
    const again = await store.save(claim, recordToken('with-retry'));
    expect(again).toEqual({ created: false, referenceCode: first.referenceCode });
    expect(await tokenCount('with-retry')).toBe(0);
  });

  it('files the claim at the time the caller gives, its filing event included', async () => {
    const claim = { ...newClaim(), createdAt: new Date('2027-03-05T19:59:58.250Z') };
    const saved = await store.save(claim, async (trx, inserted) => {
      expect(inserted.createdAt).toBe('2027-03-05T19:59:58.250Z');
      await recordToken('with-given-time')(trx);
    });
    const row = await database.db
      .selectFrom('claims')
      .innerJoin('claim_history', 'claim_history.claim_id', 'claims.id')
      .select(['claims.created_at', 'claim_history.at'])
      .where('claims.reference_code', '=', saved.referenceCode)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: '2027-03-05T19:59:58.250Z', at: '2027-03-05T19:59:58.250Z' });
  });

  it('starts a claim received, with its filing event, in the claim\u2019s own transaction', async () => {
    const claim = newClaim();
    await store.save(claim);

    const row = await database.db
      .selectFrom('claims')
      .select(['id', 'status', 'search_notice_id'])
      .where('submission_key', '=', claim.submissionKey)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'received', search_notice_id: 'NW00000001' });
    const history = await database.db
      .selectFrom('claim_history')
      .select(['transition', 'to_status', 'at'])
      .where('claim_id', '=', row.id)
      .execute();
    expect(history).toEqual([
      { transition: 'filed', to_status: 'received', at: '2027-03-05T20:00:00.000Z' },
    ]);
  });

  it('writes no filing event for a documents upload, which belongs to its claim', async () => {
    const parent = newClaim();
    await store.save(parent);
    const { id: parentId } = await database.db
      .selectFrom('claims')
      .select('id')
      .where('submission_key', '=', parent.submissionKey)
      .executeTakeFirstOrThrow();
    const upload = { ...newClaim(), formType: 'DocumentsUpload', parentClaimId: parentId };
    await store.save(upload);

    const history = await database.db
      .selectFrom('claim_history')
      .innerJoin('claims', 'claims.id', 'claim_history.claim_id')
      .select('claim_history.transition')
      .where('claims.submission_key', '=', upload.submissionKey)
      .execute();
    expect(history).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('ClaimsStore.save in a batch on SQLite', () => {
  it('answers every claim of a batch whose commit fails with an error, and stores none', async () => {
    // A reference checked at commit, which a write filed beside the claims breaks.
    await sql`create table test_deferred (
        claim_id text references claims (id) deferrable initially deferred
      )`.execute(database.db);
    const claims = [newClaim(), newClaim(), newClaim()];
    const outcomes = await Promise.allSettled([
      ...claims.map((claim) => store.save(claim)),
      database.writeEphemeral((trx) =>
        sql`insert into test_deferred (claim_id) values ('no such claim')`.execute(trx),
      ),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    for (const claim of claims) expect(await claimCount(claim.submissionKey)).toBe(0);
  });
});

describe('ClaimsStore.save when the connection is lost during COMMIT', () => {
  /** A store whose commits all report a lost connection, with `outcome` behind it. */
  function storeLosing(outcome: LostCommit) {
    const db = new Kysely<Database>({ dialect: lostCommitDialect(database.dialect(), outcome) });
    const losing = new ClaimsStore(
      {
        db,
        writeEphemeral: (work) => db.transaction().execute(work),
        syncCommitted: database.syncCommitted,
      },
      () => new Date('2027-03-05T20:00:00Z'),
    );
    return { store: losing, db };
  }

  it('confirms a claim the database stored all the same, with its reference code', async () => {
    const { store: losing, db } = storeLosing('stored');
    const claim = newClaim();
    try {
      const saved = await losing.save(claim);
      expect(saved.created).toBe(true);
      const stored = await database.db
        .selectFrom('claims')
        .select('reference_code')
        .where('submission_key', '=', claim.submissionKey)
        .execute();
      expect(stored).toEqual([{ reference_code: saved.referenceCode }]);
    } finally {
      await db.destroy();
    }
  });

  it('passes on the error of a claim the database did not store', async () => {
    const { store: losing, db } = storeLosing('lost');
    const claim = newClaim();
    try {
      await expect(losing.save(claim)).rejects.toThrow('Connection terminated unexpectedly');
      expect(await claimCount(claim.submissionKey)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('says the outcome is unknown when the database cannot be asked afterwards', async () => {
    const { store: losing, db } = storeLosing('storedThenDown');
    try {
      await expect(losing.save(newClaim())).rejects.toBeInstanceOf(ClaimOutcomeUnknownError);
    } finally {
      await db.destroy();
    }
  });
});

describe('ClaimsStore and the sync its claims share', () => {
  /** A store whose syncs wait for the test, over the test database. */
  function storeWithHeldSync() {
    const held: { release: (error?: Error) => void }[] = [];
    let syncs = 0;
    const syncCommitted = () =>
      new Promise<void>((resolve, reject) => {
        syncs += 1;
        held.push({ release: (error) => (error === undefined ? resolve() : reject(error)) });
      });
    const holding = new ClaimsStore(
      { db: database.db, writeEphemeral: database.writeEphemeral, syncCommitted },
      () => new Date('2027-03-05T20:00:00Z'),
    );
    /** Resolves once a sync is waited for, and gives the means to end it. */
    const nextSync = async () => {
      while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      return held.shift()!;
    };
    return { store: holding, nextSync, syncs: () => syncs };
  }

  it('answers a claim only once the sync after its commit has ended', async () => {
    const { store: holding, nextSync } = storeWithHeldSync();
    const claim = newClaim();
    let answered = false;
    const saving = holding.save(claim).then((saved) => {
      answered = true;
      return saved;
    });
    const sync = await nextSync();
    expect(await claimCount(claim.submissionKey)).toBe(1);
    expect(answered).toBe(false);
    sync.release();
    expect((await saving).created).toBe(true);
  });

  it('says the outcome is unknown, keeping the claim, when the sync fails', async () => {
    const { store: holding, nextSync } = storeWithHeldSync();
    const claim = newClaim();
    const saving = holding.save(claim);
    (await nextSync()).release(new Error('EIO: i/o error, fsync'));
    await expect(saving).rejects.toBeInstanceOf(ClaimOutcomeUnknownError);
    expect(await claimCount(claim.submissionKey)).toBe(1);
  });

  it('answers the code of a claim still waiting for its sync only after that sync', async () => {
    const { store: holding, nextSync } = storeWithHeldSync();
    const claim = newClaim();
    const first = holding.save(claim);
    const firstSync = await nextSync();
    let answered = false;
    const looked = holding.referenceCodeFor(claim.submissionKey).then((code) => {
      answered = true;
      return code;
    });
    const lookupSync = await nextSync();
    expect(answered).toBe(false);
    firstSync.release();
    lookupSync.release();
    const saved = await first;
    expect(await looked).toBe(saved.referenceCode);
  });

  it('answers a resubmission of a claim once that claim is durable, storing nothing new', async () => {
    const { store: holding, nextSync, syncs } = storeWithHeldSync();
    const claim = newClaim();
    const first = holding.save(claim);
    const firstSync = await nextSync();
    const again = holding.save(claim);
    const againSync = await nextSync();
    firstSync.release();
    againSync.release();
    const [saved, resaved] = await Promise.all([first, again]);
    expect(resaved).toEqual({ created: false, referenceCode: saved.referenceCode });
    expect(syncs()).toBe(2);
    expect(await claimCount(claim.submissionKey)).toBe(1);
  });
});
