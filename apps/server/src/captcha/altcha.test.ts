import { describe, expect, it } from 'vitest';
import {
  decodeAltchaPayload,
  encodeAltchaPayload,
  solveAltcha,
} from '../../test-fakes/altcha-solver';
import { createMemoryUsedTokenStore } from '../../test-fakes/memory-used-token-store';
import { ALTCHA_ALGORITHM, createAltchaChallenge, verifyAltchaPayload } from './altcha';
import type { AltchaOptions } from './altcha';
import { createCaptchaVerifier } from './captcha-verifier';

const altcha: AltchaOptions = {
  hmacKey: 'test-altcha-hmac-key-0123456789',
  maxNumber: 50,
  expiresInSeconds: 60,
};

function altchaVerifier(store = createMemoryUsedTokenStore()) {
  return createCaptchaVerifier(
    { provider: 'Altcha', siteKey: '/api/captcha/challenge', secret: '', altcha },
    store,
  );
}

describe('createAltchaChallenge', () => {
  it('signs a SHA-256 challenge that expires after the configured time', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const challenge = await createAltchaChallenge(altcha, now);
    expect(challenge.parameters.algorithm).toBe(ALTCHA_ALGORITHM);
    expect(challenge.parameters.expiresAt).toBe(now.getTime() / 1000 + 60);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the solution within maxNumber', async () => {
    const payload = await solveAltcha(await createAltchaChallenge(altcha));
    expect(decodeAltchaPayload(payload).solution.counter).toBeLessThanOrEqual(altcha.maxNumber);
  });

  it('issues a different challenge each time', async () => {
    const [first, second] = await Promise.all([
      createAltchaChallenge(altcha),
      createAltchaChallenge(altcha),
    ]);
    expect(first.parameters.nonce).not.toBe(second.parameters.nonce);
  });

  it('rejects a maxNumber that is not a positive integer', async () => {
    await expect(createAltchaChallenge({ ...altcha, maxNumber: 0.5 })).rejects.toThrow(
      'altcha.maxNumber 0.5 is not valid; expected an integer from 1 to 4294967295',
    );
  });

  it('rejects a short HMAC key', async () => {
    await expect(createAltchaChallenge({ ...altcha, hmacKey: 'short' })).rejects.toThrow(
      'altcha.hmacKey must be a secret of at least 16 characters',
    );
  });
});

describe('Altcha verification', () => {
  it('accepts a solved challenge, with the work it asked for', async () => {
    const payload = await solveAltcha(await createAltchaChallenge(altcha));
    expect(await altchaVerifier().verify(payload)).toEqual({ ok: true, maxNumber: 50 });
  });

  it('accepts a solved stronger challenge, with the raised work it asked for', async () => {
    const challenge = await altchaVerifier().proofOfWork!.challenge(400);
    expect(challenge.parameters.data).toEqual({ maxNumber: 400 });
    const payload = await solveAltcha(challenge);
    expect(await altchaVerifier().verify(payload)).toEqual({ ok: true, maxNumber: 400 });
  });

  it('refuses a stronger challenge whose asked work was changed after signing', async () => {
    const challenge = await createAltchaChallenge(altcha, new Date(), 400);
    const payload = decodeAltchaPayload(await solveAltcha(challenge));
    const raised = encodeAltchaPayload({
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, data: { maxNumber: 4_000_000 } },
      },
    });
    expect(await verifyAltchaPayload(raised, altcha)).toEqual({
      ok: false,
      reason: 'ALTCHA challenge signature is invalid',
    });
  });

  it('refuses the same solution twice', async () => {
    const verifier = altchaVerifier();
    const payload = await solveAltcha(await createAltchaChallenge(altcha));
    await verifier.verify(payload);
    expect(await verifier.verify(payload)).toEqual({
      ok: false,
      reason: 'captcha token was already used',
    });
  });

  it('records a checked solution where the caller asks, not in the store, and refuses it when told it was spent', async () => {
    const store = createMemoryUsedTokenStore();
    const verifier = altchaVerifier(store);
    const payload = await solveAltcha(await createAltchaChallenge(altcha));
    const spent: string[] = [];
    const spend = async (tokenHash: string) => {
      spent.push(tokenHash);
      return spent.length === 1;
    };
    expect(await verifier.verify(payload, undefined, spend)).toEqual({ ok: true, maxNumber: 50 });
    expect(await verifier.verify(payload, undefined, spend)).toEqual({
      ok: false,
      reason: 'captcha token was already used',
    });
    expect(spent).toHaveLength(2);
    expect(spent[1]).toBe(spent[0]);
    expect(store.hashes()).toEqual([]);
  });

  it('does not ask the caller to record a forged solution', async () => {
    const payload = decodeAltchaPayload(await solveAltcha(await createAltchaChallenge(altcha)));
    const forged = encodeAltchaPayload({
      ...payload,
      solution: { ...payload.solution, counter: payload.solution.counter + 1 },
    });
    let asked = false;
    const result = await altchaVerifier().verify(forged, undefined, async () => {
      asked = true;
      return true;
    });
    expect(result.ok).toBe(false);
    expect(asked).toBe(false);
  });

  it('refuses a re-encoded copy of a solution already used', async () => {
    const verifier = altchaVerifier();
    const payload = await solveAltcha(await createAltchaChallenge(altcha));
    await verifier.verify(payload);
    const decoded = decodeAltchaPayload(payload);
    const copy = encodeAltchaPayload({
      solution: { ...decoded.solution, time: 1 },
      challenge: decoded.challenge,
    });
    expect(copy).not.toBe(payload);
    expect(await verifier.verify(copy)).toEqual({
      ok: false,
      reason: 'captcha token was already used',
    });
  });

  it('lets only one of two concurrent copies through', async () => {
    const verifier = altchaVerifier();
    const payload = await solveAltcha(await createAltchaChallenge(altcha));
    const results = await Promise.all([verifier.verify(payload), verifier.verify(payload)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('remembers a used challenge until it expires', async () => {
    const store = createMemoryUsedTokenStore();
    const marked: Date[] = [];
    const verifier = altchaVerifier({
      ...store,
      markUsed: (hash, expiresAt) => {
        marked.push(expiresAt);
        return store.markUsed(hash, expiresAt);
      },
    });
    const challenge = await createAltchaChallenge(altcha);
    await verifier.verify(await solveAltcha(challenge));
    expect(marked).toEqual([new Date(challenge.parameters.expiresAt! * 1000)]);
  });

  it('refuses an expired challenge', async () => {
    const issued = new Date(Date.now() - 120_000);
    const payload = await solveAltcha(await createAltchaChallenge(altcha, issued));
    expect(await altchaVerifier().verify(payload)).toEqual({
      ok: false,
      reason: 'ALTCHA challenge has expired; the widget must fetch a new one',
    });
  });

  it('refuses a challenge whose signature was tampered with', async () => {
    const decoded = decodeAltchaPayload(await solveAltcha(await createAltchaChallenge(altcha)));
    const signature = decoded.challenge.signature;
    const tampered = encodeAltchaPayload({
      ...decoded,
      challenge: {
        ...decoded.challenge,
        signature: `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`,
      },
    });
    expect(await altchaVerifier().verify(tampered)).toEqual({
      ok: false,
      reason: 'ALTCHA challenge signature is invalid',
    });
  });

  it('refuses a challenge whose expiry was pushed back', async () => {
    const issued = new Date(Date.now() - 120_000);
    const decoded = decodeAltchaPayload(
      await solveAltcha(await createAltchaChallenge(altcha, issued)),
    );
    const tampered = encodeAltchaPayload({
      ...decoded,
      challenge: {
        ...decoded.challenge,
        parameters: { ...decoded.challenge.parameters, expiresAt: Date.now() / 1000 + 600 },
      },
    });
    expect(await altchaVerifier().verify(tampered)).toEqual({
      ok: false,
      reason: 'ALTCHA challenge signature is invalid',
    });
  });

  it('refuses a challenge signed with another key', async () => {
    const foreign = await createAltchaChallenge({
      ...altcha,
      hmacKey: 'another-hmac-key-0123456789',
    });
    expect(await altchaVerifier().verify(await solveAltcha(foreign))).toEqual({
      ok: false,
      reason: 'ALTCHA challenge signature is invalid',
    });
  });

  it('refuses a wrong solution to a genuine challenge', async () => {
    const decoded = decodeAltchaPayload(await solveAltcha(await createAltchaChallenge(altcha)));
    const wrong = encodeAltchaPayload({
      ...decoded,
      solution: { ...decoded.solution, counter: decoded.solution.counter + 1 },
    });
    expect(await altchaVerifier().verify(wrong)).toEqual({
      ok: false,
      reason: 'ALTCHA solution does not solve the challenge',
    });
  });

  it('refuses the widget test-mode payload', async () => {
    const testMode = encodeAltchaPayload({ challenge: null, solution: null, test: true });
    expect(await altchaVerifier().verify(testMode)).toEqual({
      ok: false,
      reason: 'ALTCHA payload is not base64-encoded JSON of a solved challenge',
    });
  });

  it('refuses text that is not base64', async () => {
    expect(await verifyAltchaPayload('not base64!', altcha)).toEqual({
      ok: false,
      reason: 'ALTCHA payload is not base64-encoded JSON of a solved challenge',
    });
  });

  it('does not record a payload that fails verification', async () => {
    const store = createMemoryUsedTokenStore();
    const decoded = decodeAltchaPayload(await solveAltcha(await createAltchaChallenge(altcha)));
    const forged = encodeAltchaPayload({
      ...decoded,
      challenge: { ...decoded.challenge, signature: '0'.repeat(64) },
    });
    await altchaVerifier(store).verify(forged);
    expect(store.hashes()).toEqual([]);
  });
});
