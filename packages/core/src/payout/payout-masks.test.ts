import { describe, expect, it } from 'vitest';
import { regExpMaskRunner } from '../masks/regexp-mask';
import { PAYOUT_MASK_NAMES, getPayoutMask } from './payout-masks';

describe('getPayoutMask', () => {
  it('lets a routing number hold nine digits and nothing else', () => {
    const mask = regExpMaskRunner(getPayoutMask('routingNumber'));
    expect(mask.apply('0210-0002-1 99')).toBe('021000021');
  });

  it('lets an account number hold seventeen digits and nothing else', () => {
    const mask = regExpMaskRunner(getPayoutMask('accountNumber'));
    expect(mask.apply('1234 5678 9012 3456 789')).toBe('12345678901234567');
  });

  it('throws for an unknown mask, listing the known ones', () => {
    expect(() => getPayoutMask('iban')).toThrow(
      'no payout mask "iban"; expected one of "routingNumber", "accountNumber"',
    );
  });

  it('names every mask of the table', () => {
    expect(PAYOUT_MASK_NAMES).toEqual(['routingNumber', 'accountNumber']);
  });
});
