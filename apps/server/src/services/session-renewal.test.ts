import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { SessionStore, SessionTokenChangedError, type FormAuthorization } from './session-store';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let store: SessionStore;
const now = new Date('2027-03-05T20:00:00.000Z');

beforeAll(async () => {
  database = await openTestDatabase();
  store = new SessionStore(database.db, database.writeEphemeral, {
    idleMinutes: 30,
    now: () => now,
    secret: 'a'.repeat(32),
  });
});
afterAll(async () => database.close());

const authorization: FormAuthorization = {
  identity: { kind: 'classMember', noticeId: 'NW00000001' },
  prepopulatedData: {},
  authorizedAt: now.toISOString(),
  captchaPassHash: null,
};

describe('SessionStore.rotate', () => {
  it('moves what the session holds to a new cookie, and the old cookie loads nothing', async () => {
    const session = store.mint();
    const old = session.id;
    session.setAuthorization('Standard', authorization);
    await store.save(session);
    await store.rotate(session);
    expect(session.id).not.toBe(old);
    expect(await store.load(old)).toBeNull();
    expect((await store.load(session.id))?.data.authorizations.Standard).toEqual(authorization);
  });

  it('refuses to renew a session another request renewed since it was loaded', async () => {
    const created = await store.create();
    const first = await store.load(created.id);
    const second = await store.load(created.id);
    await store.rotate(first!);
    await expect(store.rotate(second!)).rejects.toBeInstanceOf(SessionTokenChangedError);
    expect(await store.load(first!.id)).not.toBeNull();
  });
});

describe('SessionStore.saveAndRotate', () => {
  it('stores a minted session under a new cookie, and its first cookie loads nothing', async () => {
    const session = store.mint();
    const first = session.id;
    session.setAuthorization('Standard', authorization);
    await store.saveAndRotate(session);
    expect(session.id).not.toBe(first);
    expect(await store.load(first)).toBeNull();
    expect((await store.load(session.id))?.data.authorizations.Standard).toEqual(authorization);
  });

  it('renews a minted session whose row another request of the same cookie stored meanwhile', async () => {
    const minted = store.mint();
    const first = (await store.load(minted.id))!;
    const second = (await store.load(minted.id))!;
    second.setCulture('es');
    await store.save(second);
    first.setAuthorization('Standard', authorization);
    await store.saveAndRotate(first);
    const renewed = await store.load(first.id);
    expect(renewed?.data.authorizations.Standard).toEqual(authorization);
    expect(renewed?.data.culture).toBe('es');
    expect(await store.load(minted.id)).toBeNull();
  });

  it('refuses to renew a minted session another request of the same cookie renewed meanwhile', async () => {
    const minted = store.mint();
    const first = (await store.load(minted.id))!;
    const second = (await store.load(minted.id))!;
    await store.saveAndRotate(first);
    second.setAuthorization('Standard', authorization);
    await expect(store.saveAndRotate(second)).rejects.toBeInstanceOf(SessionTokenChangedError);
    expect((await store.load(first.id))?.data.authorizations.Standard).toBeUndefined();
  });
});

describe('a minted session', () => {
  it('writes no row until something is saved in it', async () => {
    const count = async () =>
      (await database.db.selectFrom('sessions').select('id').execute()).length;
    const before = await count();
    const session = store.mint();
    expect(await store.load(session.id)).not.toBeNull();
    expect(await count()).toBe(before);
    session.setCulture('es');
    await store.save(session);
    expect(await count()).toBe(before + 1);
  });

  it('is not a session for a store with another secret', async () => {
    const other = new SessionStore(database.db, database.writeEphemeral, {
      idleMinutes: 30,
      now: () => now,
      secret: 'b'.repeat(32),
    });
    expect(await other.load(store.mint().id)).toBeNull();
  });
});
