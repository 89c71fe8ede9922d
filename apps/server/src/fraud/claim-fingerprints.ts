import { createHmac, hkdfSync } from 'node:crypto';
import { MATCH_KEYS } from '@claims/core/admin/fraud-api';
import type { ClaimSignals } from '@claims/core/fraud/signals';
import { canonicalIpAddress, networkBlock } from '@claims/core/fraud/network';
import { addressKey, nameKey } from '@claims/core/fraud/normalise';
import {
  claimSearchColumns,
  type ClaimSearchColumns,
  type FiledClaim,
} from '../admin/claims/claim-search';
import { isDisposableDomain } from './disposable-domains';

/**
 * The keys a claim is compared by, and what is seen of it at submit alone. Member ids, VINs and
 * the name and address keys are kept as they are (the claim holds them anyway, and the evidence
 * shows them); the e-mail address, phone number, payout account and device cookie only as
 * HMAC-SHA-256 fingerprints (the first FINGERPRINT_BYTES) under a key of the server's, so the
 * fraud tables never hold them in clear.
 */

/** Kinds counted within a time window (velocity). */
export const VELOCITY_KINDS = ['ip', 'network', 'device'] as const;
export type VelocityKind = (typeof VELOCITY_KINDS)[number];

/** Kinds compared across every claim (shared values): the match keys of the admin API. */
export const MATCH_KINDS = MATCH_KEYS;
export type MatchKind = (typeof MATCH_KINDS)[number];

export type FingerprintKind = VelocityKind | MatchKind;

/** Every kind, in the order a claim's fingerprints are listed. */
export const FINGERPRINT_KINDS: readonly FingerprintKind[] = [...VELOCITY_KINDS, ...MATCH_KINDS];

export interface Fingerprint {
  kind: FingerprintKind;
  key: string;
}

/** The signals a claim carries by itself, kept beside it so that it can be scored again. */
export type OwnSignals = Pick<
  ClaimSignals,
  'disposableEmailDomain' | 'fillSeconds' | 'honeypotFilled' | 'mailingAddress'
>;

/** A claim as it is filed, with what the request showed of the browser. */
export interface FraudFiling extends FiledClaim {
  filedAt: Date;
  /** The client address Fastify resolved (after TRUST_PROXY). */
  ip: string;
  /** The browser's device cookie; null when it sent none. */
  deviceId: string | null;
  /** When the form was authorized: the moment its first page opened. */
  authorizedAt: string;
  /** What the hidden field held; null when it was not sent. */
  honeypot: string | null;
}

/**
 * The key of the fingerprints, derived from the PIN pepper (DATA_DIR/secrets.json or
 * PIN_PEPPER), which every instance shares and which must never change, so fingerprints of one
 * claim and the next are comparable across restarts and instances.
 */
export function fingerprintKey(pinPepper: string): Buffer {
  return Buffer.from(hkdfSync('sha256', pinPepper, '', 'claims fraud fingerprints', 32));
}

/**
 * Bytes of the HMAC kept: 16 (128 bits), as 32 hex digits. Two different values of one kind
 * share a fingerprint with a probability of about n² / 2¹²⁹ among n values: below 10⁻²⁴ for ten
 * million claims, so a match is never a collision in practice, at half the bytes of the whole
 * HMAC in the table and its index.
 */
export const FINGERPRINT_BYTES = 16;

function keyed(key: Buffer, kind: FingerprintKind, value: string): string {
  return createHmac('sha256', key)
    .update(`${kind}\u0000${value}`)
    .digest()
    .subarray(0, FINGERPRINT_BYTES)
    .toString('hex');
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A field of ClaimantInfo, or the value the class list prefilled it with. */
function claimantField(claim: FiledClaim, key: string): string | undefined {
  const info = record(record(record(claim.models).claimantInfo).fields);
  return text(info[key]) ?? text(record(claim.prepopulatedData)[key]);
}

function claimDetailsField(claim: Pick<FiledClaim, 'models'>, key: string): string | undefined {
  return text(record(record(record(claim.models).claimDetails).fields)[key]);
}

/** A US phone number as its ten digits; any other number as its digits. */
export function phoneDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return undefined;
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function mailingAddressKey(claim: FiledClaim): string | undefined {
  const street = [
    claimantField(claim, 'mailingStreetLine1'),
    claimantField(claim, 'mailingStreetLine2'),
  ].filter((line) => line !== undefined);
  if (street.length === 0) return undefined;
  const key = addressKey({
    street,
    city: claimantField(claim, 'mailingCity') ?? '',
    state:
      claimantField(claim, 'mailingSubDivision') ??
      claimantField(claim, 'mailingSubDivisionNonUS') ??
      '',
    zip:
      claimantField(claim, 'mailingPostalCode') ??
      claimantField(claim, 'mailingPostalCodeNonUS') ??
      '',
  });
  return key.startsWith('|') ? undefined : key;
}

function networkFingerprints(ip: string): Fingerprint[] {
  try {
    return [
      { kind: 'ip', key: canonicalIpAddress(ip) },
      { kind: 'network', key: networkBlock(ip) },
    ];
  } catch {
    // Not an IP address (a test transport, a Unix socket): no velocity by address.
    return [];
  }
}

/** The payout account's fingerprint: its e-mail address, for a method paid to one. */
export function payoutFingerprint(
  claim: Pick<FiledClaim, 'models'>,
  key: Buffer,
): Fingerprint | undefined {
  const payoutEmail = claimDetailsField(claim, 'paymentEmail');
  const payoutMethod = claimDetailsField(claim, 'paymentMethod');
  return payoutEmail === undefined || payoutMethod === undefined || payoutMethod === 'Check'
    ? undefined
    : { kind: 'payout', key: keyed(key, 'payout', payoutEmail.toLowerCase()) };
}

/** The claim's fingerprints, each kind at most once. */
export function claimFingerprints(
  filing: FraudFiling,
  key: Buffer,
  columns: ClaimSearchColumns = claimSearchColumns(filing),
): Fingerprint[] {
  const name = columns.claimant_name === null ? '' : nameKey(columns.claimant_name);
  const address = mailingAddressKey(filing);
  const phone = claimantField(filing, 'phoneNumber');
  const digits = phone === undefined ? undefined : phoneDigits(phone);
  const fingerprints: (Fingerprint | undefined)[] = [
    ...networkFingerprints(filing.ip),
    filing.deviceId === null
      ? undefined
      : { kind: 'device', key: keyed(key, 'device', filing.deviceId) },
    columns.search_notice_id === null
      ? undefined
      : { kind: 'member', key: columns.search_notice_id },
    columns.search_vin === null ? undefined : { kind: 'vin', key: columns.search_vin },
    name === '' ? undefined : { kind: 'name', key: name },
    address === undefined ? undefined : { kind: 'address', key: address },
    columns.search_email === null
      ? undefined
      : { kind: 'email', key: keyed(key, 'email', columns.search_email) },
    digits === undefined ? undefined : { kind: 'phone', key: keyed(key, 'phone', digits) },
    payoutFingerprint(filing, key),
  ];
  return fingerprints.filter((fingerprint) => fingerprint !== undefined);
}

/**
 * The e-mail's domain when it belongs to a disposable-address service (data/disposable-domains.txt,
 * disposable-domains.ts). Only the list is asked: whether the address is well formed is for the
 * form's e-mail rules, which every filed claim has passed (services/model-checks.ts).
 */
function disposableDomain(email: string | null): string | undefined {
  if (email === null) return undefined;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domain !== '' && isDisposableDomain(domain) ? domain : undefined;
}

/** What the claim shows by itself: its e-mail domain, fill time, hidden field, ZIP and state. */
export function ownSignals(
  filing: FraudFiling,
  columns: ClaimSearchColumns = claimSearchColumns(filing),
): OwnSignals {
  const email = columns.search_email;
  const domain = disposableDomain(email);
  const zip = claimantField(filing, 'mailingPostalCode');
  const state = claimantField(filing, 'mailingSubDivision');
  const country = claimantField(filing, 'mailingCountry') ?? 'US';
  const authorizedAt = Date.parse(filing.authorizedAt);
  const signals: OwnSignals = {
    honeypotFilled: filing.honeypot !== null && filing.honeypot !== '',
  };
  if (domain !== undefined) signals.disposableEmailDomain = domain;
  if (Number.isFinite(authorizedAt)) {
    signals.fillSeconds = Math.max(0, (filing.filedAt.getTime() - authorizedAt) / 1000);
  }
  if (country === 'US' && zip !== undefined && state !== undefined) {
    signals.mailingAddress = { zip, state };
  }
  return signals;
}

/**
 * What is recorded of a claim when it is filed: its fingerprints and its own signals; with the
 * search columns they were derived from, which the claim's row is written with
 * (services/claims-store.ts), so they are computed once a claim.
 */
export function filingFacts(
  filing: FraudFiling,
  key: Buffer,
): { fingerprints: Fingerprint[]; own: OwnSignals; columns: ClaimSearchColumns } {
  const columns = claimSearchColumns(filing);
  return {
    fingerprints: claimFingerprints(filing, key, columns),
    own: ownSignals(filing, columns),
    columns,
  };
}
