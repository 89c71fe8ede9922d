import { randomUUID } from 'node:crypto';
import { generateReferenceCode } from '@claims/core/ids/reference-code';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoRows, demoText, startTestApp, TestClient, type TestApp } from '../test/test-app';

/**
 * The default lockouts (docs/behaviour.md#lockouts), with a short delay for hot IDs and a
 * proof of work scaled down from the tests' ordinary bound of 50: 100, 200, 400, then 800 at
 * most.
 */
const DELAY_MS = 200;
const MAX_NUMBER = 800;
let testApp: TestApp;
const START = new Date('2027-01-15T18:00:00Z');
let clock = START;
let members: Record<string, string>[];
let addressCounter = 0;
let memberCounter = 0;

beforeAll(async () => {
  testApp = await startTestApp({
    now: () => clock,
    lockout: {
      idCost: { afterFailures: 5, windowMinutes: 60, maxNumber: MAX_NUMBER, delayMs: DELAY_MS },
    },
  });
  members = await demoRows('class-list.csv');
});
afterAll(async () => testApp.close());
beforeEach(() => {
  clock = START;
});

/** A browser at an address no other test uses. */
async function browser(): Promise<TestClient> {
  addressCounter += 1;
  const client = new TestClient(
    testApp.app,
    `10.1.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
  );
  await client.csrf();
  return client;
}

function nextMember() {
  memberCounter += 1;
  const row = members[memberCounter * 7];
  if (row === undefined) throw new Error('the demo class list ran out of members');
  return {
    noticeId: row.NoticeId!,
    pin: row.Pin!,
    wrongPin: row.Pin === '135791' ? '246802' : '135791',
  };
}

const invalidCredentials = () => demoText('en', 'LocKey_Authorize_InvalidCredentials');
const claimNotFound = () => demoText('en', 'LocKey_Authorize_ClaimNotFound');

/** How many of the answers compared the guess (the rest were refused by a lock). */
async function tested(responses: LightMyRequestResponse[], message: string): Promise<number> {
  return responses.filter((response) => response.json().error === message).length;
}

describe('a guesser\u2019s address and a Notice ID', () => {
  it('lets the member sign in from another address while the guesser\u2019s address is locked out of the Notice ID', async () => {
    const { noticeId, pin, wrongPin } = nextMember();
    const guesser = await browser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await guesser.authorize('Standard', { noticeId, pin: wrongPin });
      expect(response.json().error).toBe(await invalidCredentials());
    }
    const locked = await guesser.authorize('Standard', { noticeId, pin });
    expect(locked.statusCode).toBe(401);
    expect(locked.headers['retry-after']).toBe('900');
    const member = await browser();
    expect((await member.authorizeOk('Standard', { noticeId, pin })).authorized).toBe(true);
  });

  it('lets the member sign in from a new address after many wrong PINs from many addresses, once the stronger check is solved', async () => {
    const { noticeId, pin, wrongPin } = nextMember();
    // One guess a minute for an hour, each from an address of its own, each solving the
    // stronger check it is asked for.
    const responses: LightMyRequestResponse[] = [];
    for (let guess = 0; guess < 60; guess += 1) {
      clock = new Date(START.getTime() + guess * 60_000);
      responses.push(await (await browser()).authorize('Standard', { noticeId, pin: wrongPin }));
    }
    expect(await tested(responses, await invalidCredentials())).toBe(60);
    const member = await browser();
    const first = await member.authorizeOnce('Standard', { noticeId, pin });
    expect(first.statusCode).toBe(428);
    expect(first.json().captchaChallenge.parameters.data).toEqual({ maxNumber: MAX_NUMBER });
    expect((await member.authorizeOk('Standard', { noticeId, pin })).authorized).toBe(true);
  });

  it('counts a wrong PIN sent with the stronger check', async () => {
    const { noticeId, wrongPin } = nextMember();
    for (let guess = 0; guess < 5; guess += 1) {
      await (await browser()).authorize('Standard', { noticeId, pin: wrongPin });
    }
    const guesser = await browser();
    const asked = await guesser.authorizeOnce('Standard', { noticeId, pin: wrongPin });
    expect(asked.json().captchaChallenge.parameters.data).toEqual({ maxNumber: 100 });
    const answered = await guesser.authorize('Standard', { noticeId, pin: wrongPin });
    expect(answered.json().error).toBe(await invalidCredentials());
    // Six wrong answers now: the next test is asked for twice the work.
    const next = await (await browser()).authorizeOnce('Standard', { noticeId, pin: wrongPin });
    expect(next.json().captchaChallenge.parameters.data).toEqual({ maxNumber: 200 });
  });

  it('raises the proof of work with each wrong PIN and lowers it again once the hour is over', async () => {
    const { noticeId, pin, wrongPin } = nextMember();
    const asked: unknown[] = [];
    for (let guess = 0; guess < 9; guess += 1) {
      const guesser = await browser();
      const first = await guesser.authorizeOnce('Standard', { noticeId, pin: wrongPin });
      asked.push(first.statusCode === 428 ? first.json().captchaChallenge.parameters.data : null);
      if (first.statusCode === 428)
        await guesser.authorize('Standard', { noticeId, pin: wrongPin });
    }
    expect(asked).toEqual([
      null,
      null,
      null,
      null,
      null,
      { maxNumber: 100 },
      { maxNumber: 200 },
      { maxNumber: 400 },
      { maxNumber: 800 },
    ]);
    clock = new Date(START.getTime() + 61 * 60_000);
    const member = await browser();
    const response = await member.authorizeOnce('Standard', { noticeId, pin });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a solved ordinary challenge where the stronger check is asked, looking at no PIN', async () => {
    const { noticeId, pin, wrongPin } = nextMember();
    for (let guess = 0; guess < 5; guess += 1) {
      await (await browser()).authorize('Standard', { noticeId, pin: wrongPin });
    }
    const member = await browser();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await member.authorizeOnce('Standard', { noticeId, pin });
      expect(response.statusCode).toBe(428);
      expect(response.json().authorized).toBe(false);
    }
    // The answers asking for the stronger check counted nothing: still 100, not more.
    const again = await member.authorizeOnce('Standard', { noticeId, pin: wrongPin });
    expect(again.json().captchaChallenge.parameters.data).toEqual({ maxNumber: 100 });
  });

  it('tests only five PINs per Notice ID with ordinary challenges even when the guesses arrive at once', async () => {
    const { noticeId, wrongPin } = nextMember();
    const guessers = await Promise.all(Array.from({ length: 30 }, () => browser()));
    const tokens = await Promise.all(guessers.map((guesser) => guesser.captchaToken()));
    const responses = await Promise.all(
      guessers.map((guesser, index) =>
        guesser.authorizeOnce('Standard', { noticeId, pin: wrongPin }, tokens[index]),
      ),
    );
    expect(await tested(responses, await invalidCredentials())).toBe(5);
    expect(responses.filter((response) => response.statusCode === 428)).toHaveLength(25);
  });

  it('answers the right PIN of a Notice ID with five wrong answers this hour, after a delay', async () => {
    const { noticeId, pin, wrongPin } = nextMember();
    for (let guess = 0; guess < 5; guess += 1) {
      await (await browser()).authorize('Standard', { noticeId, pin: wrongPin });
    }
    const member = await browser();
    const token = await member.captchaToken();
    const started = performance.now();
    const response = await member.authorize('Standard', { noticeId, pin }, token);
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
    expect(response.statusCode).toBe(200);
  });
});

describe('a guesser\u2019s address and a reference code', () => {
  /** A filed claim of a claimant named Okafor in 97208, straight into the store. */
  async function filedClaim(): Promise<string> {
    const referenceCode = generateReferenceCode();
    await testApp.app.db
      .insertInto('claims')
      .values({
        id: randomUUID(),
        reference_code: referenceCode,
        form_type: 'Standard',
        culture: 'en',
        identity: JSON.stringify({ kind: 'classMember', noticeId: 'NW00000001' }),
        models: JSON.stringify({
          claimantInfo: { fields: { lastName: 'Okafor', mailingPostalCode: '97208' } },
        }),
        prepopulated_data: '{}',
        submission_key: randomUUID(),
        parent_claim_id: null,
        created_at: START.toISOString(),
      })
      .execute();
    return referenceCode;
  }

  const credentials = (referenceCode: string, lastName: string) => ({
    referenceCode,
    lastName,
    mailingPostalCode: null,
  });

  it('lets the claimant add documents from another address while the guesser\u2019s address is locked out of the code', async () => {
    const referenceCode = await filedClaim();
    const guesser = await browser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await guesser.authorize(
        'DocumentsUpload',
        credentials(referenceCode, `Guess${attempt}`),
      );
      expect(response.json().error).toBe(await claimNotFound());
    }
    const locked = await guesser.authorize('DocumentsUpload', credentials(referenceCode, 'Okafor'));
    expect(locked.statusCode).toBe(401);
    expect(locked.headers['retry-after']).toBe('900');
    const claimant = await browser();
    const body = await claimant.authorizeOk(
      'DocumentsUpload',
      credentials(referenceCode, 'Okafor'),
    );
    expect(body.authorized).toBe(true);
  });

  it('asks for a stronger check, not a refusal, on a reference code with five wrong answers from other addresses', async () => {
    const referenceCode = await filedClaim();
    for (let guess = 0; guess < 5; guess += 1) {
      await (
        await browser()
      ).authorize('DocumentsUpload', credentials(referenceCode, `Guess${guess}`));
    }
    const claimant = await browser();
    const first = await claimant.authorizeOnce(
      'DocumentsUpload',
      credentials(referenceCode, 'Okafor'),
    );
    expect(first.statusCode).toBe(428);
    const body = await claimant.authorizeOk(
      'DocumentsUpload',
      credentials(referenceCode, 'Okafor'),
    );
    expect(body.authorized).toBe(true);
  });
});
