import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorizeResponseSchema } from '@claims/core/contract/api';
import {
  demoRows,
  demoText,
  ineligibleVin,
  startTestApp,
  TestClient,
  type TestApp,
} from '../test/test-app';

let testApp: TestApp;
const START = new Date('2027-01-15T18:00:00Z');
let clock = START;
let members: Record<string, string>[];
let vehicles: Record<string, string>[];
let addressCounter = 0;

beforeAll(async () => {
  testApp = await startTestApp({
    now: () => clock,
    lockout: {
      idCost: { afterFailures: 5, windowMinutes: 15, maxNumber: 400, delayMs: 0 },
      ip: { maxFailures: 12, windowMinutes: 15, lockMinutes: 15 },
    },
  });
  members = await demoRows('class-list.csv');
  vehicles = await demoRows('vehicles.csv');
});
afterAll(async () => testApp.close());
beforeEach(() => {
  clock = START;
});

/** A browser at an address of its own, so lockouts of one test do not reach another. */
async function browser(): Promise<TestClient> {
  addressCounter += 1;
  const client = new TestClient(
    testApp.app,
    `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
  );
  await client.csrf();
  return client;
}

function member(index: number) {
  const row = members[index];
  if (row === undefined) throw new Error(`the demo class list has no row ${index}`);
  return row;
}

const text = (key: string) => demoText('en', key);

describe('POST /api/forms/standard/authorize', () => {
  it('authorizes a Notice ID and PIN from the class list and returns capitalised prepopulated data', async () => {
    const client = await browser();
    const row = member(0);
    const response = await client.authorize('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(response.statusCode).toBe(200);
    const body = authorizeResponseSchema.parse(response.json());
    expect(body.authorized).toBe(true);
    expect(body.error).toBeNull();
    expect(body.captcha).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.prepopulatedData).toMatchObject({
      NoticeId: row.NoticeId,
      FirstName: row.FirstName,
      LastName: row.LastName,
      MailingStreetLine1: row.MailingStreetLine1,
      MailingPostalCode: row.MailingPostalCode,
      EmailAddress: row.EmailAddress,
      PhoneNumber: row.PhoneNumber,
    });
    expect(body.prepopulatedData).not.toHaveProperty('Pin');
  });

  it('accepts the Notice ID in lower case', async () => {
    const client = await browser();
    const row = member(1);
    const body = await client.authorizeOk('Standard', {
      noticeId: row.NoticeId!.toLowerCase(),
      pin: row.Pin!,
    });
    expect(body.authorized).toBe(true);
  });

  it('refuses a wrong PIN with 401 and a clear message', async () => {
    const client = await browser();
    const row = member(2);
    const wrongPin = row.Pin === '111111' ? '222222' : '111111';
    const response = await client.authorize('Standard', { noticeId: row.NoticeId!, pin: wrongPin });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      authorized: false,
      error: await text('LocKey_Authorize_InvalidCredentials'),
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('gives an unknown Notice ID the same answer as a wrong PIN', async () => {
    const client = await browser();
    const response = await client.authorize('Standard', { noticeId: 'NW00000001', pin: '123456' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(await text('LocKey_Authorize_InvalidCredentials'));
  });

  it('refuses a PIN with letters with 400 naming the field and the rule', async () => {
    const client = await browser();
    const response = await client.authorize('Standard', {
      noticeId: member(3).NoticeId!,
      pin: '12a456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      `credentials.pin: ${await text('LocKey_Validation_Pin_Format')} (rule regularExpression)`,
    );
  });

  it('refuses a credentials field the form does not have with 400', async () => {
    const client = await browser();
    const row = member(3);
    const response = await client.authorize('Standard', {
      noticeId: row.NoticeId!,
      pin: row.Pin!,
      isAdmin: 'true',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^credentials\.isAdmin: is not a field of this model/);
  });

  it('locks a Notice ID after five wrong PINs, refusing even the right PIN without saying so', async () => {
    const client = await browser();
    const row = member(4);
    const wrongPin = row.Pin === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await client.authorize('Standard', {
        noticeId: row.NoticeId!,
        pin: wrongPin,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await client.authorize('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    const lockedWrong = await client.authorize('Standard', {
      noticeId: row.NoticeId!,
      pin: wrongPin,
    });
    const lockedMessage = (await text('LocKey_Authorize_TooManyAttempts')).replace(
      '{minutes}',
      '15',
    );
    for (const response of [locked, lockedWrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['retry-after']).toBe('900');
      expect(response.json()).toEqual({
        authorized: false,
        error: lockedMessage,
        captcha: null,
        prepopulatedData: null,
      });
    }
  });

  it('asks another address for a stronger check, not a refusal, on a Notice ID with five wrong PINs', async () => {
    const guesser = await browser();
    const row = member(5);
    const wrongPin = row.Pin === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await guesser.authorize('Standard', { noticeId: row.NoticeId!, pin: wrongPin });
    }
    const other = await browser();
    const first = await other.authorizeOnce('Standard', {
      noticeId: row.NoticeId!,
      pin: row.Pin!,
    });
    expect(first.statusCode).toBe(428);
    expect(first.json().captchaChallenge.parameters.data).toEqual({ maxNumber: 100 });
    const body = await other.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(body.authorized).toBe(true);
  });

  it('lifts the lock after 15 minutes', async () => {
    const client = await browser();
    const row = member(6);
    const wrongPin = row.Pin === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await client.authorize('Standard', { noticeId: row.NoticeId!, pin: wrongPin });
    }
    clock = new Date(START.getTime() + 16 * 60_000);
    const body = await client.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(body.authorized).toBe(true);
  });

  it('locks an address that guesses across many Notice IDs', async () => {
    const client = await browser();
    for (let index = 0; index < 12; index += 1) {
      const row = member(100 + index);
      const wrongPin = row.Pin === '111111' ? '222222' : '111111';
      const response = await client.authorize('Standard', {
        noticeId: row.NoticeId!,
        pin: wrongPin,
      });
      expect(response.statusCode).toBe(401);
    }
    const row = member(200);
    const response = await client.authorize('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(response.statusCode).toBe(401);
    expect(response.headers['retry-after']).toBeDefined();
    const elsewhere = await browser();
    expect(
      (await elsewhere.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! }))
        .authorized,
    ).toBe(true);
  });

  it('refuses a captcha token used before with 400', async () => {
    const client = await browser();
    const row = member(7);
    const token = await client.captchaToken();
    const first = await client.authorize(
      'Standard',
      { noticeId: row.NoticeId!, pin: row.Pin! },
      token,
    );
    expect(first.statusCode).toBe(200);
    const second = await client.authorize(
      'Standard',
      { noticeId: row.NoticeId!, pin: row.Pin! },
      token,
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      authorized: false,
      error: await text('LocKey_Authorize_CaptchaFailed'),
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('counts no wrong guess for an authorize whose captcha token was used before', async () => {
    const client = await browser();
    const row = member(20);
    const wrongPin = row.Pin === '111111' ? '222222' : '111111';
    const token = await client.captchaToken();
    const guess = { noticeId: row.NoticeId!, pin: wrongPin };
    expect((await client.authorizeOnce('Standard', guess, token)).statusCode).toBe(401);
    for (let replay = 0; replay < 5; replay += 1) {
      expect((await client.authorizeOnce('Standard', guess, token)).statusCode).toBe(400);
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await client.authorize('Standard', guess)).statusCode).toBe(401);
    }
    // Four wrong PINs counted from this address, not nine: the right one is still looked at.
    const body = await client.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(body.authorized).toBe(true);
  });

  it('spends the captcha token of an authorize refused by a lock', async () => {
    const client = await browser();
    const row = member(21);
    const wrongPin = row.Pin === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await client.authorize('Standard', { noticeId: row.NoticeId!, pin: wrongPin });
    }
    const token = await client.captchaToken();
    const locked = await client.authorizeOnce(
      'Standard',
      { noticeId: row.NoticeId!, pin: row.Pin! },
      token,
    );
    expect(locked.statusCode).toBe(401);
    expect(locked.headers['retry-after']).toBe('900');
    const other = member(22);
    const replay = await (
      await browser()
    ).authorizeOnce('Standard', { noticeId: other.NoticeId!, pin: other.Pin! }, token);
    expect(replay.statusCode).toBe(400);
  });

  it('refuses a missing captcha token with 400', async () => {
    const client = await browser();
    const row = member(8);
    const response = await client.authorize(
      'Standard',
      { noticeId: row.NoticeId!, pin: row.Pin! },
      '',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(await text('LocKey_Authorize_CaptchaFailed'));
  });

  it('refuses a forged captcha token with 400', async () => {
    const client = await browser();
    const row = member(8);
    const forged = Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64');
    const response = await client.authorize(
      'Standard',
      { noticeId: row.NoticeId!, pin: row.Pin! },
      forged,
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses an authorize without the CSRF token with 403', async () => {
    const client = await browser();
    const row = member(9);
    const response = await client.postJson(
      '/api/forms/standard/authorize',
      {
        credentials: { noticeId: row.NoticeId, pin: row.Pin },
        reCaptchaResponse: await client.captchaToken(),
      },
      { 'x-csrf-token': '' },
    );
    expect(response.statusCode).toBe(403);
  });

  it('refuses a body that is not the authorize request with 400', async () => {
    const client = await browser();
    const response = await client.postJson('/api/forms/standard/authorize', { credentials: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      authorized: false,
      error: expect.stringMatching(/^body\./),
    });
  });

  it('refuses to authorize after the Standard filing deadline with 400', async () => {
    clock = new Date('2036-07-01T07:00:01Z');
    const client = await browser();
    const row = member(10);
    const response = await client.authorize('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      authorized: false,
      error: await text('LocKey_Deadline_Passed'),
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('still authorizes on the last day of the deadline', async () => {
    clock = new Date('2036-07-01T06:59:00Z');
    const client = await browser();
    const row = member(10);
    expect(
      (await client.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! })).authorized,
    ).toBe(true);
  });
});

describe('wrong guesses sent at once', () => {
  const invalid = () => text('LocKey_Authorize_InvalidCredentials');
  const wrongPinOf = (row: Record<string, string>) => (row.Pin === '111111' ? '222222' : '111111');

  it('checks only five of forty simultaneous wrong PINs for one Notice ID, asking the rest for a stronger check', async () => {
    const row = member(300);
    const guessers = await Promise.all(Array.from({ length: 40 }, () => browser()));
    const tokens = await Promise.all(guessers.map((guesser) => guesser.captchaToken()));
    const responses = await Promise.all(
      guessers.map((guesser, index) =>
        guesser.authorizeOnce(
          'Standard',
          { noticeId: row.NoticeId!, pin: wrongPinOf(row) },
          tokens[index],
        ),
      ),
    );
    const message = await invalid();
    const checked = responses.filter((response) => response.json().error === message);
    expect(checked.map((response) => response.statusCode)).toEqual(Array(5).fill(401));
    expect(responses.filter((response) => response.statusCode === 428)).toHaveLength(35);
    const owner = await browser();
    const right = await owner.authorizeOk('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(right.authorized).toBe(true);
  });

  it('checks only as many simultaneous wrong guesses from one address as its limit allows', async () => {
    const client = await browser();
    const rows = Array.from({ length: 40 }, (_, index) => member(400 + index));
    const tokens = await Promise.all(rows.map(() => client.captchaToken()));
    const responses = await Promise.all(
      rows.map((row, index) =>
        client.authorize(
          'Standard',
          { noticeId: row.NoticeId!, pin: wrongPinOf(row) },
          tokens[index],
        ),
      ),
    );
    const message = await invalid();
    expect(responses.filter((response) => response.json().error === message)).toHaveLength(12);
    const row = member(450);
    const right = await client.authorize('Standard', { noticeId: row.NoticeId!, pin: row.Pin! });
    expect(right.statusCode).toBe(401);
    expect(right.headers['retry-after']).toBeDefined();
  });
});

describe('attempts that are not wrong guesses', () => {
  it('does not count right answers against the address', async () => {
    const client = await browser();
    for (let index = 0; index < 13; index += 1) {
      const row = member(500 + index);
      const response = await client.authorize('Standard', {
        noticeId: row.NoticeId!,
        pin: row.Pin!,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('does not count lookups of valid VINs that are not eligible against the address', async () => {
    const client = await browser();
    for (let index = 0; index < 13; index += 1) {
      const response = await client.authorize('Lookup', { vin: ineligibleVin() });
      expect(response.json().error).toBe(await text('LocKey_Lookup_NotEligible'));
    }
  });
});

describe('POST /api/forms/lookup/authorize', () => {
  it('says an eligible VIN is eligible and what vehicle it is', async () => {
    const client = await browser();
    const vehicle = vehicles[0]!;
    const body = await client.authorizeOk('Lookup', { vin: vehicle.Vin! });
    expect(body).toMatchObject({
      authorized: true,
      error: null,
      prepopulatedData: {
        Vin: vehicle.Vin,
        Year: vehicle.Year,
        Make: vehicle.Make,
        Model: vehicle.Model,
        Description: (await text('LocKey_Lookup_Eligible'))
          .replace('{year}', vehicle.Year!)
          .replace('{make}', vehicle.Make!)
          .replace('{model}', vehicle.Model!),
      },
    });
  });

  it('refuses a VIN in lower case, which the VIN mask never produces, naming the mask', async () => {
    const client = await browser();
    const response = await client.authorize('Lookup', { vin: vehicles[0]!.Vin!.toLowerCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^credentials\.vin: .+ \(rule mask\)$/);
  });

  it('says a valid VIN that is not on the list is not eligible', async () => {
    const client = await browser();
    const response = await client.authorize('Lookup', { vin: ineligibleVin() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      authorized: false,
      error: await text('LocKey_Lookup_NotEligible'),
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('says a VIN with a wrong check digit is not a valid VIN', async () => {
    const client = await browser();
    const vin = ineligibleVin();
    const broken = vin.slice(0, 8) + (vin[8] === '5' ? '6' : '5') + vin.slice(9);
    const response = await client.authorize('Lookup', { vin: broken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(await text('LocKey_Authorize_InvalidVin'));
  });
});

describe('POST /api/forms/automotive/authorize', () => {
  it('authorizes a VIN on the vehicle list and prepopulates the vehicle', async () => {
    const client = await browser();
    const vehicle = vehicles[1]!;
    const body = await client.authorizeOk('Automotive', { vin: vehicle.Vin! });
    expect(body.prepopulatedData).toMatchObject({
      Vin: vehicle.Vin,
      Year: vehicle.Year,
      Make: vehicle.Make,
      Model: vehicle.Model,
    });
  });

  it('refuses a VIN that is not on the list with 401', async () => {
    const client = await browser();
    const response = await client.authorize('Automotive', { vin: ineligibleVin() });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(await text('LocKey_Lookup_NotEligible'));
  });
});

describe('POST /api/forms/documents-upload/authorize', () => {
  it('refuses a reference code no claim has with 401', async () => {
    const client = await browser();
    const response = await client.authorize('DocumentsUpload', {
      referenceCode: 'ABC-DEFG-HJKM',
      lastName: 'Smith',
      mailingPostalCode: null,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(await text('LocKey_Authorize_ClaimNotFound'));
  });
});
