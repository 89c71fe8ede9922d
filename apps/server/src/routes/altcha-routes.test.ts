import Fastify from 'fastify';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveAltcha } from '../../test-fakes/altcha-solver';
import { verifyAltchaPayload } from '../captcha/altcha';
import type { AltchaOptions } from '../captcha/altcha';
import { ALTCHA_CHALLENGE_PATH, altchaRoutes } from './altcha-routes';

const altcha: AltchaOptions = {
  hmacKey: 'test-altcha-hmac-key-0123456789',
  maxNumber: 50,
  expiresInSeconds: 60,
};
const app = Fastify();

beforeAll(async () => {
  await app.register(altchaRoutes, { altcha });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/captcha/challenge', () => {
  it('answers a challenge that the widget can solve and the server accepts', async () => {
    const response = await app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH });
    expect(response.statusCode).toBe(200);
    const payload = await solveAltcha(response.json<Challenge>());
    expect(await verifyAltchaPayload(payload, altcha)).toMatchObject({ ok: true });
  });

  it('forbids caching the challenge', async () => {
    const response = await app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a new challenge on every call', async () => {
    const first = await app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH });
    const second = await app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH });
    expect(first.json<Challenge>().signature).not.toBe(second.json<Challenge>().signature);
  });

  it('refuses to start with invalid ALTCHA options', async () => {
    const broken = Fastify();
    await expect(
      broken.register(altchaRoutes, { altcha: { ...altcha, expiresInSeconds: 0 } }).ready(),
    ).rejects.toThrow('altcha.expiresInSeconds 0 is not valid');
    await broken.close();
  });
});
