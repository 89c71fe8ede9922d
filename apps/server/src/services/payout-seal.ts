import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ROUTING_NUMBER_FIELD,
} from '@claims/core/contract/payment-election';
import { VISIBLE_DIGITS } from '@claims/core/payout/ach';
import type { StoredModels } from './submission-check';

/**
 * Bank details at rest (docs/behaviour.md#payment-election): the routing and account numbers
 * of a direct-deposit election are stored sealed with AES-256-GCM, under a key derived from
 * the session secret (SESSION_SECRET, else DATA_DIR/secrets.json), so a copy of the database
 * alone does not give them. Each value is bound to its model and field: moved elsewhere, it does
 * not open. A sealed value ends with the number's last four digits, in the clear, so that a
 * page or an export that shows the last four needs no key.
 */

export const SEALED_PAYOUT_FIELDS: readonly string[] = [
  ROUTING_NUMBER_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
];

const PREFIX = 'sealed:v1';
const IV_BYTES = 12;

export class PayoutSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'claims', 'payout-seal-v1', 32));
  }

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
    const lastFour = plain.replace(/[^0-9]/g, '').slice(-VISIBLE_DIGITS);
    return [PREFIX, ...parts, lastFour].join(':');
  }

  /** The value `seal` sealed for `boundTo`; throws for text altered, moved or sealed with another key. */
  open(sealed: string, boundTo: string): string {
    const [prefix, version, iv, tag, data] = sealed.split(':');
    if (`${prefix}:${version}` !== PREFIX || !iv || !tag || data === undefined) {
      throw new Error(
        `not a sealed payout value; expected ${PREFIX}:<iv>:<tag>:<data>:<last four>`,
      );
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** What a sealed value is bound to: its model and field. */
export function payoutBinding(modelClientId: string, field: string): string {
  return `${modelClientId}/${field}`;
}

/** The models with the bank details of the claim's details sealed; the rest as they were. */
export function sealPayoutDetails(models: StoredModels, seal: PayoutSeal): StoredModels {
  const details = models.claimDetails;
  if (details === null) return models;
  const fields = { ...details.fields };
  for (const field of SEALED_PAYOUT_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' && value.trim() !== '') {
      fields[field] = seal.seal(value, payoutBinding(details.clientId, field));
    }
  }
  return { ...models, claimDetails: { ...details, fields } };
}
