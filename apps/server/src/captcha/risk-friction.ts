import type { FraudSettings } from '@claims/core/fraud/config';
import { canonicalIpAddress, networkBlock } from '@claims/core/fraud/network';
import type { VelocityWindow } from '@claims/core/fraud/signals';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countFiledSince } from '../fraud/fraud-store';

/**
 * Friction that rises with risk (docs/fraud-reason-codes.md#friction): the proof of work a
 * browser is asked for grows with the claims filed lately from its address and from its /24
 * (IPv4) or /48 (IPv6) block, counted within the fraud settings' velocity windows, and falls
 * back once those windows have passed. An address that has filed fewer claims than the case
 * allows, as every ordinary claimant has, is asked the ordinary work.
 */

/** The most a busy address is asked for: this many times the ordinary work. */
export const MAX_FRICTION_FACTOR = 64;

/** The claims filed from one address and from its block within their windows. */
export interface AddressVelocity {
  address: number;
  block: number;
}

/**
 * How many times the ordinary work a source asks for: doubled for each full allowance of
 * claims the window holds (none while it holds fewer than the case allows).
 */
function doublings(claims: number, window: VelocityWindow): number {
  return Math.floor(claims / window.allowedClaims);
}

/**
 * The proof-of-work bound for a browser at an address with this velocity: the ordinary bound
 * doubled for each full allowance of the busier of address and block, at most
 * MAX_FRICTION_FACTOR times the ordinary bound (the case's bound is at most 10,000,000, so this
 * stays within the counter ALTCHA allows).
 */
export function frictionMaxNumber(
  velocity: AddressVelocity,
  baseMaxNumber: number,
  settings: FraudSettings,
): number {
  const steps = Math.max(
    doublings(velocity.address, settings.velocity.ipAddress),
    doublings(velocity.block, settings.velocity.ipNetwork),
  );
  return baseMaxNumber * Math.min(MAX_FRICTION_FACTOR, 2 ** Math.min(steps, 32));
}

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * Claims filed from the address and from its block within their velocity windows, read from
 * the claims' fingerprint keys (fraud/fraud-store.ts); none for a client that is not an IP
 * address.
 */
export async function addressVelocity(
  db: Kysely<Database>,
  ip: string,
  settings: FraudSettings,
  now: Date,
): Promise<AddressVelocity> {
  let address: string;
  let block: string;
  try {
    address = canonicalIpAddress(ip);
    block = networkBlock(ip);
  } catch {
    return { address: 0, block: 0 };
  }
  const { ipAddress, ipNetwork } = settings.velocity;
  return {
    address: await countFiledSince(
      db,
      { kind: 'ip', key: address },
      minutesBefore(now, ipAddress.windowMinutes),
    ),
    block: await countFiledSince(
      db,
      { kind: 'network', key: block },
      minutesBefore(now, ipNetwork.windowMinutes),
    ),
  };
}
