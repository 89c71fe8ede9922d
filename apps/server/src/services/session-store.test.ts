import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { SessionStore, type FormAuthorization } from './session-store';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let store: SessionStore;

beforeAll(async () => {
  database = await openTestDatabase();
  store = new SessionStore(database.db, database.writeEphemeral, {
    idleMinutes: 30,
    now: () => new Date('2027-03-05T20:00:00.000Z'),
  });
});
afterAll(async () => database.close());

function authorization(noticeId: string, captchaPassHash: string | null): FormAuthorization {
  return {
    identity: { kind: 'classMember', noticeId },
    prepopulatedData: { noticeId },
    authorizedAt: '2027-03-05T20:00:00.000Z',
    captchaPassHash,
  };
}

/** A stored session, and two requests that loaded it before either saved. */
async function twoRequests() {
  const { id } = await store.create();
  const first = await store.load(id);
  const second = await store.load(id);
  if (first === null || second === null) throw new Error('the new session did not load');
  return { id, first, second };
}

describe('sessions changed by two requests at once', () => {
  it('keep both changes when the requests change different keys', async () => {
    const { id, first, second } = await twoRequests();
    first.setAuthorization('Standard', authorization('NW00000001', 'a'.repeat(64)));
    second.setCulture('es');
    await store.save(first);
    await store.save(second);
    const stored = await store.load(id);
    expect(stored?.data.authorizations.Standard?.identity).toEqual({
      kind: 'classMember',
      noticeId: 'NW00000001',
    });
    expect(stored?.data.culture).toBe('es');
  });

  it('keep an authorization given while another request saves the PayPal login', async () => {
    const { id, first, second } = await twoRequests();
    first.setAuthorization('Lookup', {
      identity: { kind: 'vehicle', vin: '1NWVRS2F5JR162080' },
      prepopulatedData: {},
      authorizedAt: '2027-03-05T20:00:00.000Z',
      captchaPassHash: null,
    });
    await store.save(first);
    second.setPayPal({ verification: null, loginState: null });
    await store.save(second);
    expect(Object.keys((await store.load(id))?.data.authorizations ?? {})).toEqual(['Lookup']);
  });

  it('keep a new authorization when a submit of the old one clears its captcha pass after it', async () => {
    const { id } = await store.create();
    const setUp = await store.load(id);
    setUp!.setAuthorization('Standard', authorization('NW00000001', 'a'.repeat(64)));
    await store.save(setUp!);
    const submit = await store.load(id);
    const authorize = await store.load(id);
    authorize!.setAuthorization('Standard', authorization('NW00000002', 'b'.repeat(64)));
    await store.save(authorize!);
    submit!.clearCaptchaPass('Standard');
    await store.save(submit!);
    expect((await store.load(id))?.data.authorizations.Standard).toEqual(
      authorization('NW00000002', 'b'.repeat(64)),
    );
  });
});

describe('a session\u2019s captcha pass', () => {
  it('is cleared when the authorization has not changed since it was loaded', async () => {
    const { id } = await store.create();
    const setUp = await store.load(id);
    setUp!.setAuthorization('Standard', authorization('NW00000001', 'a'.repeat(64)));
    await store.save(setUp!);
    const submit = await store.load(id);
    submit!.clearCaptchaPass('Standard');
    await store.save(submit!);
    expect((await store.load(id))?.data.authorizations.Standard?.captchaPassHash).toBeNull();
  });
});

describe('ending a session', () => {
  it('removes what it held, and a later save of it brings nothing back', async () => {
    const { id, first, second } = await twoRequests();
    first.setCulture('es');
    await store.destroy(second);
    await store.save(first);
    expect(await store.load(id)).toBeNull();
    await store.purgeExpired();
    const left = await database.db
      .selectFrom('session_values')
      .select('key')
      .where('session_id', 'not in', database.db.selectFrom('sessions').select('id'))
      .execute();
    expect(left).toEqual([]);
  });
});
