import {
  CLAIMANT_PATHS,
  type AddressChangeResponse,
  type ClaimStatusResponse,
} from '@claims/core/contract/claimant-api';
import { callJson } from '../../lib/api-client';

/** What a claimant call came back with: the answer, or the server's refusal in their language. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

async function outcome<T>(call: Promise<Awaited<ReturnType<typeof callJson<T>>>>) {
  const answer = await call;
  if (answer.body !== null && answer.status < 300) return { ok: true, value: answer.body } as const;
  return { ok: false, status: answer.status, error: answer.error ?? '' } as const;
}

/** The claim the session is signed in for; a 401 when it is signed in for none. */
export function fetchClaimStatus(): Promise<Outcome<ClaimStatusResponse>> {
  return outcome(callJson<ClaimStatusResponse>('GET', CLAIMANT_PATHS.status));
}

export function sendCure(): Promise<Outcome<ClaimStatusResponse>> {
  return outcome(callJson<ClaimStatusResponse>('POST', CLAIMANT_PATHS.cure, {}));
}

export function sendAppeal(statement: string): Promise<Outcome<ClaimStatusResponse>> {
  return outcome(callJson<ClaimStatusResponse>('POST', CLAIMANT_PATHS.appeal, { statement }));
}

export function sendAddress(
  address: Record<string, string | null>,
): Promise<Outcome<AddressChangeResponse>> {
  return outcome(callJson<AddressChangeResponse>('POST', CLAIMANT_PATHS.address, { address }));
}

/** A new payout election: the payment-election fields as the claim form keeps them. */
export function sendPayout(
  election: Record<string, string | null>,
): Promise<Outcome<ClaimStatusResponse>> {
  return outcome(callJson<ClaimStatusResponse>('POST', CLAIMANT_PATHS.payout, { election }));
}
