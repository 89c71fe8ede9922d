import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYOUT_METHODS,
  PAYOUT_METHOD_IDS,
  getPayoutMethod,
  isPayoutMethodId,
  payoutMethodOfOption,
} from './methods';
import { getPayoutMask } from './payout-masks';

const ACH = {
  routingNumber: '121000248',
  accountNumber: '000123456789',
  accountNumberConfirmation: '0001-2345-6789',
  accountType: 'Checking',
};

describe('PAYOUT_METHODS', () => {
  it('holds the five methods in the order the page offers them by default', () => {
    expect(Object.keys(PAYOUT_METHODS)).toEqual([...PAYOUT_METHOD_IDS]);
    expect(PAYOUT_METHOD_IDS).toEqual(['paypal', 'venmo', 'prepaid_card', 'ach', 'check']);
  });

  it('keeps the option values the payment-election page already stores', () => {
    expect(PAYOUT_METHODS.paypal.optionValue).toBe('PayPal');
    expect(PAYOUT_METHODS.prepaid_card.optionValue).toBe('VirtualPrepaidCard');
    expect(PAYOUT_METHODS.check.optionValue).toBe('Check');
    const values = Object.values(PAYOUT_METHODS).map((method) => method.optionValue);
    expect(new Set(values).size).toBe(values.length);
  });

  it('names only masks the mask table has', () => {
    const fields = Object.values(PAYOUT_METHODS).flatMap((method) => method.fields);
    for (const field of fields) {
      if (field.mask !== undefined) expect(getPayoutMask(field.mask)).toBeDefined();
    }
  });

  it('lists the fields of each method', () => {
    const keys = Object.fromEntries(
      Object.values(PAYOUT_METHODS).map((method) => [
        method.id,
        method.fields.map((field) => field.key),
      ]),
    );
    expect(keys).toEqual({
      paypal: ['paymentEmail'],
      venmo: ['venmoPhoneOrEmail'],
      prepaid_card: ['paymentEmail'],
      ach: ['routingNumber', 'accountNumber', 'accountNumberConfirmation', 'accountType'],
      check: [],
    });
  });
});

describe('getPayoutMethod', () => {
  it('finds a method by its id', () => {
    expect(getPayoutMethod('ach')).toBe(PAYOUT_METHODS.ach);
  });

  it('throws for an unknown method, listing the known ones', () => {
    expect(() => getPayoutMethod('zelle')).toThrow(
      'unknown payout method "zelle"; expected one of paypal, venmo, prepaid_card, ach, check',
    );
  });

  it('does not take a method by its option value', () => {
    expect(isPayoutMethodId('PayPal')).toBe(false);
  });
});

describe('the direct-deposit method', () => {
  it('keeps the digits and the account type, leaving out the confirmation', () => {
    expect(PAYOUT_METHODS.ach.validate(ACH)).toMatchObject({
      ok: true,
      normalised: {
        routingNumber: '121000248',
        accountNumber: '000123456789',
        accountType: 'checking',
      },
    });
  });

  it('shows the routing and account numbers by their last four digits only', () => {
    expect(PAYOUT_METHODS.ach.validate(ACH)).toMatchObject({
      display: { routingNumber: '•••• 0248', accountNumber: '•••• 6789', accountType: 'checking' },
    });
  });

  it('refuses a confirmation that differs from the account number', () => {
    expect(
      PAYOUT_METHODS.ach.validate({ ...ACH, accountNumberConfirmation: '000123456788' }),
    ).toEqual({
      ok: false,
      problems: [
        {
          field: 'accountNumberConfirmation',
          code: 'account_number_mismatch',
          params: {},
          message: 'The account numbers do not match',
        },
      ],
    });
  });

  it('reports only the account number when it is itself wrong', () => {
    const result = PAYOUT_METHODS.ach.validate({ ...ACH, accountNumber: '12' });
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual([
      'accountNumber',
    ]);
  });

  it('never shows more than the last four digits of the account', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{4,17}$/), (account) => {
        const result = PAYOUT_METHODS.ach.validate({
          ...ACH,
          accountNumber: account,
          accountNumberConfirmation: account,
        });
        if (!result.ok) throw new Error(`refused ${account}`);
        for (const shown of Object.values(result.display)) {
          expect(shown.replace(/[^0-9]/g, '').length).toBeLessThanOrEqual(4);
        }
        expect(result.display.accountNumber).toBe(`•••• ${account.slice(-4)}`);
      }),
    );
  });
});

describe('the display of each method', () => {
  it('shows e-mail addresses partly masked', () => {
    expect(PAYOUT_METHODS.paypal.display({ paymentEmail: 'ana.lopez@example.com' })).toEqual({
      paymentEmail: 'a•••@example.com',
    });
    expect(PAYOUT_METHODS.prepaid_card.display({ paymentEmail: 'ana@example.com' })).toEqual({
      paymentEmail: 'a•••@example.com',
    });
  });

  it('shows a Venmo phone number by its last four digits', () => {
    expect(PAYOUT_METHODS.venmo.display({ venmoPhoneOrEmail: '+12135550147' })).toEqual({
      venmoPhoneOrEmail: '(•••) •••-0147',
    });
  });

  it('shows nothing for a paper check, which goes to the mailing address', () => {
    expect(PAYOUT_METHODS.check.display({})).toEqual({});
  });
});

describe('payoutMethodOfOption', () => {
  it('finds the method of a paymentMethod option value, case aside', () => {
    expect(payoutMethodOfOption('DirectDeposit')?.id).toBe('ach');
    expect(payoutMethodOfOption('directdeposit')?.id).toBe('ach');
    expect(payoutMethodOfOption('Zelle')).toBeUndefined();
  });
});
