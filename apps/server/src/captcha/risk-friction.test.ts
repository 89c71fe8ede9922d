import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { DEFAULT_FRAUD_SETTINGS } from '@claims/core/fraud/config';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStandardClaim, startFilingApp } from '../fraud/fraud-test-claims';
import { ALTCHA_CHALLENGE_PATH } from '../routes/altcha-routes';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { frictionMaxNumber, MAX_FRICTION_FACTOR } from './risk-friction';

/** The test app's ordinary proof-of-work bound (test-app.ts). */
const BASE = 50;

describe('frictionMaxNumber', () => {
  const settings = DEFAULT_FRAUD_SETTINGS;

  it('asks the ordinary work while an address has filed fewer claims than the case allows', () => {
    expect(frictionMaxNumber({ address: 2, block: 4 }, BASE, settings)).toBe(BASE);
  });

  it('doubles the work for each full allowance of the busier source', () => {
    expect(frictionMaxNumber({ address: 3, block: 0 }, BASE, settings)).toBe(BASE * 2);
    expect(frictionMaxNumber({ address: 3, block: 15 }, BASE, settings)).toBe(BASE * 8);
  });

  it('never asks more than the largest factor of the ordinary work', () => {
    expect(frictionMaxNumber({ address: 5400, block: 5400 }, BASE, settings)).toBe(
      BASE * MAX_FRICTION_FACTOR,
    );
  });
});

describe('the challenge served to a busy address', () => {
  let testApp: TestApp;
  let clock = new Date('2027-04-02T15:00:00Z');
  let members: Record<string, string>[];
  let configs: RemoteModelConfig[];
  let memberIndex = 0;

  beforeAll(async () => {
    ({ testApp, members, configs } = await startFilingApp(() => clock));
  });
  afterAll(async () => testApp.close());

  const fileFrom = (address: string) =>
    fileStandardClaim(testApp.app, configs, members[memberIndex++]!, { address });

  /** The work the challenge served to the address asks for. */
  async function workAskedOf(address: string): Promise<number> {
    const response = await new TestClient(testApp.app, address).get(ALTCHA_CHALLENGE_PATH);
    expect(response.statusCode).toBe(200);
    const data = response.json<Challenge>().parameters.data;
    return typeof data?.maxNumber === 'number' ? data.maxNumber : BASE;
  }

  it('is harder once the address has filed the claims the case allows, and only there', async () => {
    for (let i = 0; i < 3; i += 1) await fileFrom('198.51.100.70');
    expect(await workAskedOf('198.51.100.70')).toBe(BASE * 2);
    expect(await workAskedOf('192.0.2.200')).toBe(BASE);
  });

  it('is harder for every address of a block whose claims come fast', async () => {
    for (let i = 1; i <= 5; i += 1) await fileFrom(`203.0.113.${i}`);
    expect(await workAskedOf('203.0.113.99')).toBe(BASE * 2);
  });

  it('makes authorize ask a busy address for its work when the challenge was solved at a quieter one', async () => {
    for (let i = 0; i < 3; i += 1) await fileFrom('198.51.100.72');
    const member = members[memberIndex++]!;
    const credentials = { noticeId: member.NoticeId!, pin: member.Pin! };
    const solvedElsewhere = await new TestClient(testApp.app, '192.0.2.201').captchaToken();
    const busy = new TestClient(testApp.app, '198.51.100.72');
    await busy.csrf();
    const asked = await busy.authorizeOnce('Standard', credentials, solvedElsewhere);
    expect(asked.statusCode).toBe(428);
    expect(asked.json().authorized).toBe(false);
    expect(asked.json().captchaChallenge.parameters.data).toEqual({ maxNumber: BASE * 2 });
    expect((await busy.authorizeOk('Standard', credentials)).authorized).toBe(true);
  });

  it('returns to the ordinary work once the window has passed', async () => {
    for (let i = 0; i < 3; i += 1) await fileFrom('198.51.100.71');
    expect(await workAskedOf('198.51.100.71')).toBe(BASE * 2);
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await workAskedOf('198.51.100.71')).toBe(BASE);
  });
});

describe('the challenge with friction turned off', () => {
  it('asks a busy address the ordinary work', async () => {
    const testApp = await startTestApp({ env: { CAPTCHA_FRICTION: 'off' } });
    try {
      const members = await demoRows('class-list.csv');
      const configs = await new TestClient(testApp.app).modelConfigs();
      for (const member of members.slice(0, 3)) {
        await fileStandardClaim(testApp.app, configs, member, { address: '198.51.100.90' });
      }
      const response = await new TestClient(testApp.app, '198.51.100.90').get(
        ALTCHA_CHALLENGE_PATH,
      );
      expect(response.json<Challenge>().parameters.data).toBeUndefined();
    } finally {
      await testApp.close();
    }
  });
});
