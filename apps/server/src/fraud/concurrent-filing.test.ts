import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimsStore } from '../services/claims-store';
import { validClaimantInfo, validStandardClaimDetails } from '../test/claims';
import { startTestApp, type TestApp } from '../test/test-app';
import type { FraudFiling } from './claim-fingerprints';
import type { PreparedFiling } from './fraud-plugin';
import { assessmentOf, eventuallyDeducted, startFilingApp } from './fraud-test-claims';

/**
 * The fraud step of claims filed at the same moment: each claim's signals are read before the
 * transaction that files it opens, so two claims with something in common may each be scored
 * without the other; the transaction finds the claim filed meanwhile and the re-scoring job
 * scores both again.
 */

let testApp: TestApp;
let store: ClaimsStore;
const clock = new Date('2027-03-05T20:00:00Z');
let claimNumber = 0;

const GIVEN = ['Avery', 'Bartholomew', 'Cordelia', 'Desmond', 'Evangeline', 'Florian', 'Gwendolyn'];
const SURNAMES = ['Brightwater', 'Castellanos', 'Delacroix', 'Fairweather', 'Gallagher'];

beforeAll(async () => {
  ({ testApp } = await startFilingApp(() => clock));
  store = new ClaimsStore(testApp.app, testApp.app.now);
});
afterAll(async () => testApp.close());

/** A claim of a member of its own, sharing nothing with the others but `phone`. */
function filing(phone: string): FraudFiling {
  claimNumber += 1;
  const n = claimNumber;
  const email = `concurrent.${n}@example.com`;
  return {
    identity: { kind: 'classMember', noticeId: `NW7700${String(n).padStart(4, '0')}` },
    models: {
      claimantInfo: {
        fields: {
          ...validClaimantInfo(),
          firstName: GIVEN[n % GIVEN.length],
          lastName: SURNAMES[Math.floor(n / GIVEN.length) % SURNAMES.length],
          mailingStreetLine1: `${200 + n} Juniper Way`,
          mailingStreetLine2: null,
          emailAddress: email,
          confirmEmailAddress: email,
          phoneNumber: phone,
          confirmPhoneNumber: phone,
        },
      },
      claimDetails: { fields: validStandardClaimDetails(`CONCURRENTVIN${n}`) },
    },
    prepopulatedData: {},
    filedAt: clock,
    ip: `10.77.${n}.1`,
    deviceId: null,
    authorizedAt: new Date(clock.getTime() - 5 * 60_000).toISOString(),
    honeypot: null,
  };
}

async function prepare(claim: FraudFiling): Promise<PreparedFiling | undefined> {
  return testApp.app.fraud.prepareFiling('Standard', claim, testApp.app.log);
}

/** Files the claim as a submit does, its prepared fraud step recorded in its transaction. */
async function file(
  claim: FraudFiling,
  prepared: PreparedFiling | undefined,
  options: { submissionKey?: string; beforeCommit?: () => Promise<void> } = {},
) {
  return store.save(
    {
      formType: 'Standard',
      culture: 'en',
      identity: claim.identity,
      models: claim.models,
      prepopulatedData: claim.prepopulatedData,
      submissionKey: options.submissionKey ?? randomUUID(),
      parentClaimId: null,
      documents: [],
      createdAt: claim.filedAt,
    },
    async (trx, inserted) => {
      await testApp.app.fraud.recordFiling(trx, inserted.id, prepared);
      await options.beforeCommit?.();
    },
  );
}

describe('claims filed at the same moment', () => {
  it('scores both of two claims with a phone number in common, each read before the other was stored', async () => {
    const first = filing('(503) 555-7001');
    const second = filing('(503) 555-7001');
    const [firstPrepared, secondPrepared] = [await prepare(first), await prepare(second)];
    const firstCode = (await file(first, firstPrepared)).referenceCode;
    const secondCode = (await file(second, secondPrepared)).referenceCode;
    const onFirst = await eventuallyDeducted(testApp.app, firstCode, 'SHARED_PHONE');
    const onSecond = await eventuallyDeducted(testApp.app, secondCode, 'SHARED_PHONE');
    expect(onFirst.evidence).toBe(`the phone number is on 1 other claim: ${secondCode}`);
    expect(onSecond.evidence).toBe(`the phone number is on 1 other claim: ${firstCode}`);
  });

  it('scores both of two claims with a phone number in common whose transactions overlap', async () => {
    const first = filing('(503) 555-7002');
    const second = filing('(503) 555-7002');
    const [firstPrepared, secondPrepared] = [await prepare(first), await prepare(second)];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let recorded = () => {};
    const firstRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const filingFirst = file(first, firstPrepared, {
      beforeCommit: async () => {
        recorded();
        await held;
      },
    });
    await firstRecorded;
    // The second transaction runs while the first is still open, then the first commits.
    const filingSecond = file(second, secondPrepared);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [firstCode, secondCode] = (await Promise.all([filingFirst, filingSecond])).map(
      (saved) => saved.referenceCode,
    );
    expect((await eventuallyDeducted(testApp.app, firstCode!, 'SHARED_PHONE')).evidence).toBe(
      `the phone number is on 1 other claim: ${secondCode}`,
    );
    expect((await eventuallyDeducted(testApp.app, secondCode!, 'SHARED_PHONE')).evidence).toBe(
      `the phone number is on 1 other claim: ${firstCode}`,
    );
  });

  it('files a claim whose signals could not be read, and the re-scoring job scores it and the claims it joins', async () => {
    const earlier = filing('(503) 555-7003');
    const earlierCode = (await file(earlier, await prepare(earlier))).referenceCode;
    expect((await assessmentOf(testApp.app, earlierCode)).deductions).toEqual([]);
    // An instance of the server whose database cannot be reached reads the signals.
    const unreachable = await startTestApp({ shareStoreWith: testApp, now: () => clock });
    await unreachable.close();
    const later = filing('(503) 555-7003');
    const prepared = await unreachable.app.fraud.prepareFiling(
      'Standard',
      later,
      unreachable.app.log,
    );
    expect(prepared?.assessment).toBeUndefined();
    const laterCode = (await file(later, prepared)).referenceCode;
    const onLater = await eventuallyDeducted(testApp.app, laterCode, 'SHARED_PHONE');
    expect(onLater.evidence).toBe(`the phone number is on 1 other claim: ${earlierCode}`);
    const onEarlier = await eventuallyDeducted(testApp.app, earlierCode, 'SHARED_PHONE');
    expect(onEarlier.evidence).toBe(`the phone number is on 1 other claim: ${laterCode}`);
  });

  it('files and scores once a claim sent twice at once', async () => {
    const claim = filing('(503) 555-7004');
    const submissionKey = randomUUID();
    const [one, two] = [await prepare(claim), await prepare(claim)];
    const saved = await Promise.all([
      file(claim, one, { submissionKey }),
      file(claim, two, { submissionKey }),
    ]);
    expect(saved.map((result) => result.created).sort()).toEqual([false, true]);
    expect(saved[0]!.referenceCode).toBe(saved[1]!.referenceCode);
    const rows = await testApp.app.db
      .selectFrom('claims')
      .innerJoin('claim_fraud_assessments as fraud', 'fraud.claim_id', 'claims.id')
      .select(['claims.id', 'fraud.score'])
      .where('claims.submission_key', '=', submissionKey)
      .execute();
    expect(rows).toEqual([{ id: expect.any(String), score: 1000 }]);
  });
});
