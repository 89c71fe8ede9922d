import { describe, expect, it } from 'vitest';
import { PayoutSeal, payoutBinding, sealPayoutDetails } from './payout-seal';
import type { StoredModels } from './submission-check';

const seal = new PayoutSeal('payout-seal-test-secret-0123456789abcdef');

function models(fields: Record<string, unknown>): StoredModels {
  return {
    claimantInfo: null,
    claimDetails: { clientId: 'cd-1', metadataHash: 'h', fields },
    signature: null,
    documentContexts: [],
    claimTransactions: [],
  };
}

describe('bank details at rest', () => {
  it('seals the routing and account numbers so that neither can be read in the stored text', () => {
    const sealed = sealPayoutDetails(
      models({
        paymentMethod: 'DirectDeposit',
        routingNumber: '021000021',
        accountNumber: '000123456789',
        accountNumberConfirmation: '000123456789',
        accountType: 'checking',
      }),
      seal,
    );
    const stored = JSON.stringify(sealed);
    expect(stored).not.toContain('021000021');
    expect(stored).not.toContain('123456789');
    expect(sealed.claimDetails?.fields.accountType).toBe('checking');
  });

  it('opens a sealed number for the model and field it was sealed for', () => {
    const sealed = seal.seal('000123456789', payoutBinding('cd-1', 'accountNumber'));
    expect(seal.open(sealed, payoutBinding('cd-1', 'accountNumber'))).toBe('000123456789');
  });

  it('ends a sealed number with its last four digits, for pages and exports that show them', () => {
    expect(seal.seal('0001-2345-6789', 'cd-1/accountNumber')).toMatch(/:6789$/);
  });

  it('does not open a number moved to another field', () => {
    const sealed = seal.seal('000123456789', payoutBinding('cd-1', 'accountNumber'));
    expect(() => seal.open(sealed, payoutBinding('cd-1', 'routingNumber'))).toThrow();
  });

  it('does not open a number sealed under another secret', () => {
    const other = new PayoutSeal('another-secret-0123456789abcdefghijklmn');
    const sealed = other.seal('000123456789', 'cd-1/accountNumber');
    expect(() => seal.open(sealed, 'cd-1/accountNumber')).toThrow();
  });

  it('refuses text that is not a sealed value', () => {
    expect(() => seal.open('000123456789', 'cd-1/accountNumber')).toThrow(
      'not a sealed payout value',
    );
  });

  it('leaves a claim without bank details as it was', () => {
    const plain = models({ paymentMethod: 'Check', routingNumber: null });
    expect(sealPayoutDetails(plain, seal)).toEqual(plain);
  });
});
