import { describe, expect, it } from 'vitest';
import { localizeFrom, messages } from '../test-helpers';

const routing = { type: 'payoutField', kind: 'routingNumber' };
const confirmation = { type: 'payoutField', kind: 'accountNumber', confirms: 'accountNumber' };

describe('payoutField', () => {
  it('passes a routing number whose ABA check digit matches', () => {
    expect(messages(routing, '021000021')).toEqual([]);
  });

  it('fails a routing number whose check digit does not match', () => {
    expect(messages(routing, '021000022')).toEqual([
      'This routing number is not valid: its last digit does not match the others. Copy it again from a check or from your bank',
    ]);
  });

  it('fills the placeholders of the problem it finds', () => {
    expect(messages({ type: 'payoutField', kind: 'accountNumber' }, '123')).toEqual([
      'An account number has 4 to 17 digits; this one has 3',
    ]);
  });

  it('passes a Venmo contact given as a US mobile number or as an e-mail address', () => {
    const venmo = { type: 'payoutField', kind: 'phoneOrEmail' };
    expect(messages(venmo, '(503) 555-0147')).toEqual([]);
    expect(messages(venmo, 'ana@example.com')).toEqual([]);
    expect(messages(venmo, '@ana-venmo')).toHaveLength(1);
  });

  it('fails a confirming account number that differs from the first', () => {
    expect(messages(confirmation, '12345678', { accountNumber: '12345679' })).toEqual([
      'The account numbers do not match',
    ]);
  });

  it('passes a confirming account number typed with other separators', () => {
    expect(messages(confirmation, '1234 5678', { accountNumber: '1234-5678' })).toEqual([]);
  });

  it("leaves the mismatch to the first field's own check when that one is not valid", () => {
    expect(messages(confirmation, '12345678', { accountNumber: '12' })).toEqual([]);
  });

  it('fails a value that is not text', () => {
    expect(messages(routing, { digits: '021000021' })).toHaveLength(1);
  });

  it('passes a confirming account number while the first is still empty', () => {
    expect(messages(confirmation, '12345678')).toEqual([]);
  });

  it('passes an empty value, which the required rules judge', () => {
    expect(messages(routing, '')).toEqual([]);
  });

  it("uses the text of the problem's key when the content has it", () => {
    const localize = localizeFrom({
      LocKey_Payout_AccountType_Invalid: 'Elija corriente o ahorros',
    });
    expect(
      messages({ type: 'payoutField', kind: 'accountType' }, 'brokerage', {}, { localize }),
    ).toEqual(['Elija corriente o ahorros']);
  });
});
