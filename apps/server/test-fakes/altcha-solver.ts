import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Solves a challenge the way the altcha widget does and encodes its payload the same way. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (solution === null) throw new Error('the ALTCHA challenge was not solved within 10 s');
  return encodeAltchaPayload({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
}

export function encodeAltchaPayload(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}

export function decodeAltchaPayload(payload: string): {
  challenge: { parameters: Record<string, unknown>; signature: string };
  solution: { counter: number; derivedKey: string };
} {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
}
