import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import {
  eventuallyDeducted,
  fileStandardClaim,
  insertBareClaim,
  startFilingApp,
} from './fraud-test-claims';

/**
 * Claims an instance of the release before fingerprint keys files during a rolling upgrade,
 * into the tables it knows (fingerprint-keys-migration.ts): an instance of this release that
 * starts moves them and has them scored with the claims they share a value with.
 */

let testApp: TestApp;
let members: Record<string, string>[];
const clock = new Date('2027-03-05T20:00:00Z');

beforeAll(async () => {
  let configs;
  ({ testApp, members, configs } = await startFilingApp(() => clock));
  await fileStandardClaim(testApp.app, configs, members[0]!, { address: '198.51.100.90' });
});
afterAll(async () => testApp.close());

/** A claim of `noticeId` as the earlier release files it: its signals and fingerprint rows. */
async function fileAsEarlierRelease(noticeId: string): Promise<string> {
  const { db } = testApp.app;
  const id = randomUUID();
  const filedAt = clock.toISOString();
  await insertBareClaim(db, { id, referenceCode: 'EARLIER-0001', noticeId, filedAt });
  await db
    .insertInto('claim_fraud_signals')
    .values({ claim_id: id, signals: JSON.stringify({ honeypotFilled: false }) })
    .execute();
  await db
    .insertInto('claim_fingerprints')
    .values([
      { claim_id: id, kind: 'ip', key: '198.51.100.91', filed_at: filedAt },
      { claim_id: id, kind: 'network', key: '198.51.100.0/24', filed_at: filedAt },
      { claim_id: id, kind: 'member', key: noticeId, filed_at: filedAt },
    ])
    .execute();
  return 'EARLIER-0001';
}

describe('a rolling upgrade', () => {
  it('scores the claims an earlier release filed, and those they share a value with, once an instance starts', async () => {
    const noticeId = members[0]!.NoticeId!.replace(/\s+/g, '').toUpperCase();
    const earlier = await fileAsEarlierRelease(noticeId);
    const claim = await testApp.app.db
      .selectFrom('claims')
      .select('reference_code')
      .where('search_notice_id', '=', noticeId)
      .where('reference_code', '<>', earlier)
      .executeTakeFirstOrThrow();
    const started = await startTestApp({ shareStoreWith: testApp, now: () => clock });
    try {
      const onEarlier = await eventuallyDeducted(started.app, earlier, 'MEMBER_ALREADY_CLAIMED');
      expect(onEarlier.evidence).toBe(
        `member ${noticeId} is on 1 other claim: ${claim.reference_code}`,
      );
      const onClaim = await eventuallyDeducted(
        started.app,
        claim.reference_code,
        'MEMBER_ALREADY_CLAIMED',
      );
      expect(onClaim.evidence).toBe(`member ${noticeId} is on 1 other claim: ${earlier}`);
    } finally {
      await started.close();
    }
  });
});
