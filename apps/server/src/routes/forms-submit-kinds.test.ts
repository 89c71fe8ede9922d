import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type ClaimParts,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/**
 * Values that do not fit their field's kind, whatever rules the demo case declares for the
 * field: each refused with a 400 naming the field and the check, and nothing stored.
 */

let testApp: TestApp;
let configs: RemoteModelConfig[];
let members: Record<string, string>[];
let vehicles: Record<string, string>[];
let memberIndex = 0;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date('2027-03-05T20:00:00Z') });
  configs = await new TestClient(testApp.app).modelConfigs();
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
});
afterAll(async () => testApp.close());

/** A Standard claim of the next demo class member, with parts overridden, as submitted. */
async function submitClaim(overrides: Partial<ClaimParts> = {}) {
  const member = members[memberIndex++]!;
  const client = new TestClient(testApp.app);
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: member.NoticeId!, pin: member.Pin! });
  const documents = [{ name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }];
  const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await client.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    ...overrides,
    documents,
  });
  return client.submit('Standard', textParts, [
    { clientId: contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
  ]);
}

async function claimCount(): Promise<number> {
  const row = await testApp.app.db
    .selectFrom('claims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The problem the 400 names for the field, up to its rule: 'message (rule x)'. */
function problemOf(error: string, field: string): string {
  const start = error.indexOf(`${field}: `);
  expect(start, error).toBeGreaterThanOrEqual(0);
  return /^.*? \(rule \w+\)/.exec(error.slice(start + field.length + 2))?.[0] ?? '';
}

const info = validClaimantInfo;
const details = () => validStandardClaimDetails(vehicles[0]!.Vin!);

describe('kinds of the fields of a submitted claim', () => {
  it('refuses markup as the mailing country, which is not a country offered', async () => {
    const before = await claimCount();
    const response = await submitClaim({
      claimantInfo: { ...info(), mailingCountry: '<script>alert(1)</script>' },
    });
    expect(response.statusCode).toBe(400);
    const problem = problemOf(response.json().error, 'claimantInfo.mailingCountry');
    expect(problem).toMatch(
      /^unexpected value "<script>alert\(1\)<\/script>"; expected one of AF, /,
    );
    expect(problem).toMatch(/, US, .* \(rule options\)$/);
    expect(await claimCount()).toBe(before);
  });

  it('refuses a state that is not on the list of states', async () => {
    const response = await submitClaim({ claimantInfo: { ...info(), mailingSubDivision: 'XX' } });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response.json().error, 'claimantInfo.mailingSubDivision')).toMatch(
      /\(rule options\)$/,
    );
  });

  it('refuses 60,000 characters in a text field that declares no maximum length', async () => {
    const before = await claimCount();
    const response = await submitClaim({
      claimantInfo: { ...info(), confirmEmailAddress: 'a'.repeat(60_000) },
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response.json().error, 'claimantInfo.confirmEmailAddress')).toBe(
      'Shorten this answer to 500 characters or fewer. (rule maxLength)',
    );
    expect(await claimCount()).toBe(before);
  });

  it('refuses a textarea longer than its maximum length', async () => {
    const response = await submitClaim({
      claimDetails: { ...details(), additionalInformation: 'a'.repeat(2001) },
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response.json().error, 'claimDetails.additionalInformation')).toBe(
      'Shorten this answer to 2000 characters or fewer. (rule maxLength)',
    );
  });

  it('refuses a checkbox that is not true or false', async () => {
    const response = await submitClaim({ claimDetails: { ...details(), symptomShudder: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response.json().error, 'claimDetails.symptomShudder')).toBe(
      'expected true or false (rule type)',
    );
  });

  it.each(['02/29/2021', '2021-06-01', '06/01/2021 - 06/02/2021'])(
    'refuses the repair date %j, which is not one day as the field takes it',
    async (repairDate) => {
      const response = await submitClaim({
        claimTransactions: [{ ...validClaimTransaction(), repairDate }],
      });
      expect(response.statusCode).toBe(400);
      expect(problemOf(response.json().error, 'claimTransactions[0].repairDate')).toMatch(
        /\(rule validDate\)$/,
      );
    },
  );

  it('refuses a ZIP code and a phone number the masks would not finish', async () => {
    const response = await submitClaim({
      claimantInfo: { ...info(), mailingPostalCode: '97208-44', phoneNumber: '(503) 55' },
    });
    expect(response.statusCode).toBe(400);
    const error: string = response.json().error;
    expect(problemOf(error, 'claimantInfo.mailingPostalCode')).toBe(
      'Enter the complete value in this format: 90012. (rule mask)',
    );
    expect(problemOf(error, 'claimantInfo.phoneNumber')).toMatch(/\(rule mask\)$/);
  });

  it('files the demo journey\u2019s valid claim', async () => {
    const before = await claimCount();
    const response = await submitClaim();
    expect(response.statusCode, response.body).toBe(200);
    expect(await claimCount()).toBe(before + 1);
  });

  it('files a claim mailed abroad, to a country of the list', async () => {
    const response = await submitClaim({
      claimantInfo: {
        ...info(),
        mailingCountry: 'GB',
        mailingSubDivision: null,
        mailingPostalCode: null,
        mailingSubDivisionNonUS: 'Greater London',
        mailingPostalCodeNonUS: 'SW1A 1AA',
        phoneNumber: '442079460958',
        confirmPhoneNumber: '442079460958',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
