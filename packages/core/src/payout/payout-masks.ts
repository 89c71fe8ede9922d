import type { RegExpMaskOptions } from '../masks/masks';
import { ACCOUNT_NUMBER_MAX_DIGITS } from './ach';
import { ROUTING_NUMBER_LENGTH } from './aba';

/**
 * The input masks of the direct-deposit fields, as react-imask options like those of
 * masks/masks.ts: digits only, up to the longest number allowed. The server does not re-check
 * values against them: it normalises and checks each value in full (aba.ts, ach.ts), which
 * also takes numbers pasted with spaces or dashes.
 */
export const PAYOUT_MASKS = {
  routingNumber: { mask: new RegExp(`^[0-9]{0,${ROUTING_NUMBER_LENGTH}}$`) },
  accountNumber: { mask: new RegExp(`^[0-9]{0,${ACCOUNT_NUMBER_MAX_DIGITS}}$`) },
} as const satisfies Record<string, RegExpMaskOptions>;

export type PayoutMaskName = keyof typeof PAYOUT_MASKS;
export const PAYOUT_MASK_NAMES = Object.keys(PAYOUT_MASKS) as PayoutMaskName[];

/** The react-imask options of a payout mask; throws for an unknown name, listing the known ones. */
export function getPayoutMask(name: string): RegExpMaskOptions {
  if (!Object.hasOwn(PAYOUT_MASKS, name)) {
    throw new Error(
      `no payout mask "${name}"; expected one of ${PAYOUT_MASK_NAMES.map((known) => `"${known}"`).join(', ')}`,
    );
  }
  return PAYOUT_MASKS[name as PayoutMaskName];
}
