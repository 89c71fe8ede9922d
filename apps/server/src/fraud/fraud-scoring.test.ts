import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { isValidReferenceCode } from '@claims/core/ids/reference-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validClaimantInfo, validStandardClaimDetails } from '../test/claims';
import { TestClient, type TestApp } from '../test/test-app';
import { deviceCookieName } from './fraud-plugin';
import {
  assessmentOf,
  eventuallyDeducted,
  fileStandardClaim,
  startFilingApp,
  type FilingOptions,
} from './fraud-test-claims';

let testApp: TestApp;
let clock = new Date('2027-03-05T20:00:00Z');
let members: Record<string, string>[];
let configs: RemoteModelConfig[];
let memberIndex = 0;
/** Numbers each claim's own name, street, e-mail and phone, so claims share only what a test gives them. */
let claimNumber = 0;

const SURNAMES = ['Brightwater', 'Castellanos', 'Delacroix', 'Fairweather', 'Gallagher'];
const GIVEN = ['Avery', 'Bartholomew', 'Cordelia', 'Desmond', 'Evangeline', 'Florian', 'Gwendolyn'];

beforeAll(async () => {
  ({ testApp, members, configs } = await startFilingApp(() => clock));
});
afterAll(async () => testApp.close());

function advance(minutes: number): void {
  clock = new Date(clock.getTime() + minutes * 60_000);
}

/** A claimant of its own: a name, street, e-mail and phone no other claim of the test has. */
function ownClaimantInfo(): Record<string, unknown> {
  claimNumber += 1;
  const n = claimNumber;
  const email = `claimant.${n}@example.com`;
  const phone = `(503) 555-${String(1000 + n).slice(-4)}`;
  return {
    ...validClaimantInfo(),
    firstName: GIVEN[n % GIVEN.length],
    lastName: `${SURNAMES[n % SURNAMES.length]}${'x'.repeat(Math.floor(n / 5))}`,
    middleInitial: null,
    mailingStreetLine1: `${100 + n} Orchard Lane`,
    mailingStreetLine2: null,
    emailAddress: email,
    confirmEmailAddress: email,
    phoneNumber: phone,
    confirmPhoneNumber: phone,
  };
}

/** Files a claim of the next class member (or the one given), a person's five minutes after authorize. */
async function fileClaim(
  options: FilingOptions & { member?: Record<string, string>; fillMinutes?: number } = {},
) {
  const member = options.member ?? members[memberIndex++];
  if (member === undefined) throw new Error('ran out of demo class members');
  return fileStandardClaim(testApp.app, configs, member, {
    ...options,
    claimantInfo: options.claimantInfo ?? ownClaimantInfo(),
    whileFilling: () => advance(options.fillMinutes ?? 5),
  });
}

const assessment = (referenceCode: string) => assessmentOf(testApp.app, referenceCode);

async function codes(referenceCode: string): Promise<string[]> {
  return (await assessment(referenceCode)).deductions.map((deduction) => deduction.code);
}

/** Waits for the re-scoring job to change the claim's deductions to include `code`. */
const eventually = (referenceCode: string, code: string) =>
  eventuallyDeducted(testApp.app, referenceCode, code);

describe('fraud scoring at submission', () => {
  it('scores an ordinary claim 1,000 and passes it', async () => {
    const { referenceCode } = await fileClaim({ address: '198.51.100.10' });
    const row = await assessment(referenceCode);
    expect(row).toMatchObject({ score: 1000, decision: 'pass', deductions: [] });
    expect(row).toMatchObject({ review_threshold: 900, hold_threshold: 600 });
  });

  it('gives the browser a long-lived HttpOnly device cookie', async () => {
    const client = new TestClient(testApp.app, '198.51.100.11');
    const response = await client.get('/api/csrf');
    const cookie = (
      response.cookies as { name: string; httpOnly?: boolean; maxAge?: number }[]
    ).find((c) => c.name === deviceCookieName(false));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });

  it('deducts for more claims from one address than the case allows', async () => {
    const filed = [];
    for (let i = 0; i < 4; i += 1) filed.push(await fileClaim({ address: '203.0.113.7' }));
    expect(await codes(filed[2]!.referenceCode)).not.toContain('IP_ADDRESS_VELOCITY');
    const deduction = (await assessment(filed[3]!.referenceCode)).deductions.find(
      (d) => d.code === 'IP_ADDRESS_VELOCITY',
    );
    expect(deduction?.evidence).toBe('4 claims from 203.0.113.7 in 1 hour; 3 allowed');
  });

  it('scores the first claims of a burst from one address again once it passes the allowance', async () => {
    const filed = [];
    for (let i = 0; i < 4; i += 1) filed.push(await fileClaim({ address: '203.0.113.8' }));
    const deduction = await eventually(filed[0]!.referenceCode, 'IP_ADDRESS_VELOCITY');
    expect(deduction.evidence).toBe('4 claims from 203.0.113.8 in 1 hour; 3 allowed');
  });

  it('deducts for more claims from one /24 block than the case allows', async () => {
    const filed = [];
    for (let i = 1; i <= 6; i += 1) {
      filed.push(await fileClaim({ address: `203.0.114.${i}`, fillMinutes: 1 }));
    }
    const deduction = (await assessment(filed[5]!.referenceCode)).deductions.find(
      (d) => d.code === 'IP_NETWORK_VELOCITY',
    );
    expect(deduction?.evidence).toBe('6 claims from 203.0.114.0/24 in 10 minutes; 5 allowed');
  });

  it('deducts for more claims from one browser than the case allows', async () => {
    const client = new TestClient(testApp.app, '198.51.100.12');
    const filed = [];
    for (let i = 0; i < 3; i += 1) filed.push(await fileClaim({ client }));
    expect(await codes(filed[2]!.referenceCode)).toContain('DEVICE_VELOCITY');
  });

  it('deducts for a class member already claimed', async () => {
    const member = members[memberIndex++]!;
    const first = await fileClaim({ member, address: '198.51.100.20' });
    const second = await fileClaim({ member, address: '198.51.100.21' });
    const deduction = (await assessment(second.referenceCode)).deductions.find(
      (d) => d.code === 'MEMBER_ALREADY_CLAIMED',
    );
    expect(deduction?.evidence).toBe(
      `member ${member.NoticeId} is on 1 other claim: ${first.referenceCode}`,
    );
  });

  it('deducts for a VIN already claimed', async () => {
    const vin = members[memberIndex]!.Vin!;
    await fileClaim({ address: '198.51.100.22' });
    const second = await fileClaim({
      address: '198.51.100.23',
      claimDetails: validStandardClaimDetails(vin),
    });
    expect(await codes(second.referenceCode)).toContain('VIN_ALREADY_CLAIMED');
  });

  it('deducts for an e-mail and a payout account on another claim, kept only as fingerprints', async () => {
    const email = 'shared.payout@example.org';
    const shared = (member: Record<string, string>) => ({
      claimantInfo: { ...ownClaimantInfo(), emailAddress: email, confirmEmailAddress: email },
      claimDetails: {
        ...validStandardClaimDetails(member.Vin!),
        paymentMethod: 'VirtualPrepaidCard',
        paymentEmail: email,
      },
    });
    const firstMember = members[memberIndex++]!;
    await fileClaim({ member: firstMember, address: '198.51.100.24', ...shared(firstMember) });
    const secondMember = members[memberIndex++]!;
    const second = await fileClaim({
      member: secondMember,
      address: '198.51.100.25',
      ...shared(secondMember),
    });
    expect(await codes(second.referenceCode)).toEqual(
      expect.arrayContaining(['SHARED_EMAIL', 'SHARED_PAYOUT_ACCOUNT']),
    );
    const tables = await Promise.all(
      (['claim_fingerprint_keys', 'claim_fraud_facts', 'claim_fraud_assessments'] as const).map(
        (table) => testApp.app.db.selectFrom(table).selectAll().execute(),
      ),
    );
    expect(JSON.stringify(tables).toLowerCase()).not.toContain(email);
  });

  it('deducts for an e-mail address of a disposable-address service', async () => {
    const email = 'someone@mailinator.com';
    const { referenceCode } = await fileClaim({
      address: '198.51.100.26',
      claimantInfo: { ...ownClaimantInfo(), emailAddress: email, confirmEmailAddress: email },
    });
    const deduction = (await assessment(referenceCode)).deductions.find(
      (d) => d.code === 'DISPOSABLE_EMAIL',
    );
    expect(deduction?.evidence).toBe(
      'e-mail domain mailinator.com is a disposable-address service',
    );
  });

  it('deducts for the hidden field filled in', async () => {
    const { referenceCode } = await fileClaim({
      address: '198.51.100.27',
      extraParts: { website: 'https://spam.example' },
    });
    expect(await codes(referenceCode)).toEqual(['HONEYPOT_FILLED']);
  });

  it('deducts for a claim filed faster than a person fills the form', async () => {
    const { referenceCode } = await fileClaim({ address: '198.51.100.28', fillMinutes: 0.25 });
    const deduction = (await assessment(referenceCode)).deductions.find(
      (d) => d.code === 'FAST_FILL',
    );
    expect(deduction?.evidence).toBe(
      '15 seconds from the first form page to submit; a person takes at least 60',
    );
  });

  it('deducts for a ZIP Code outside the state given', async () => {
    const { referenceCode } = await fileClaim({
      address: '198.51.100.29',
      claimantInfo: { ...ownClaimantInfo(), mailingSubDivision: 'CA' },
    });
    expect(await codes(referenceCode)).toEqual(['ZIP_STATE_MISMATCH']);
  });

  it('holds a claim of many signals and still answers its reference code', async () => {
    const email = 'bot@mailinator.com';
    const { referenceCode } = await fileClaim({
      address: '198.51.100.30',
      fillMinutes: 0,
      claimantInfo: { ...ownClaimantInfo(), emailAddress: email, confirmEmailAddress: email },
      extraParts: { website: 'filled' },
    });
    expect(isValidReferenceCode(referenceCode)).toBe(true);
    const row = await assessment(referenceCode);
    expect(row.decision).toBe('hold');
    expect(row.score).toBe(1000 - 500 - 150 - 100);
    const claim = await testApp.app.db
      .selectFrom('claims')
      .select('status')
      .where('reference_code', '=', referenceCode)
      .executeTakeFirstOrThrow();
    expect(claim.status).toBe('received');
  });

  it('scores an earlier claim again when a later one shares its phone number', async () => {
    const info = ownClaimantInfo();
    const first = await fileClaim({ address: '198.51.100.31', claimantInfo: info });
    expect(await codes(first.referenceCode)).toEqual([]);
    const second = await fileClaim({
      address: '198.51.100.32',
      claimantInfo: {
        ...ownClaimantInfo(),
        phoneNumber: info.phoneNumber,
        confirmPhoneNumber: info.phoneNumber,
      },
    });
    const deduction = await eventually(first.referenceCode, 'SHARED_PHONE');
    expect(deduction.evidence).toBe(
      `the phone number is on 1 other claim: ${second.referenceCode}`,
    );
    expect((await assessment(first.referenceCode)).score).toBe(1000 - deduction.points);
  });
});
