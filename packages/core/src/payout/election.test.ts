import { describe, expect, it } from 'vitest';
import { validatePayoutElection } from './election';
import { PAYOUT_METHOD_IDS } from './methods';

const ALL_METHODS = { methods: [...PAYOUT_METHOD_IDS] };

const ACH = {
  routingNumber: '021000021',
  accountNumber: '1234 5678 9012',
  accountNumberConfirmation: '123456789012',
  accountType: 'savings',
};

function problemsOf(result: ReturnType<typeof validatePayoutElection>) {
  return result.ok ? [] : result.problems.map(({ field, code }) => ({ field, code }));
}

describe('validatePayoutElection', () => {
  it('accepts a PayPal election with its normalised address and masked display', () => {
    expect(
      validatePayoutElection('paypal', { paymentEmail: ' Ana@Example.com ' }, ALL_METHODS),
    ).toEqual({
      ok: true,
      method: 'paypal',
      normalised: { paymentEmail: 'Ana@example.com' },
      display: { paymentEmail: 'A•••@example.com' },
    });
  });

  it('accepts a Venmo phone number as E.164', () => {
    expect(
      validatePayoutElection('venmo', { venmoPhoneOrEmail: '(213) 555-0147' }, ALL_METHODS),
    ).toEqual({
      ok: true,
      method: 'venmo',
      normalised: { venmoPhoneOrEmail: '+12135550147' },
      display: { venmoPhoneOrEmail: '(•••) •••-0147' },
    });
  });

  it('accepts a prepaid card sent to an e-mail address', () => {
    expect(
      validatePayoutElection('prepaid_card', { paymentEmail: 'ana@example.com' }, ALL_METHODS),
    ).toMatchObject({ ok: true, normalised: { paymentEmail: 'ana@example.com' } });
  });

  it('accepts direct deposit, keeping the digits and showing the last four', () => {
    expect(validatePayoutElection('ach', ACH, ALL_METHODS)).toEqual({
      ok: true,
      method: 'ach',
      normalised: {
        routingNumber: '021000021',
        accountNumber: '123456789012',
        accountType: 'savings',
      },
      display: { routingNumber: '•••• 0021', accountNumber: '•••• 9012', accountType: 'savings' },
    });
  });

  it('accepts a paper check, which has no fields', () => {
    expect(validatePayoutElection('check', {}, ALL_METHODS)).toEqual({
      ok: true,
      method: 'check',
      normalised: {},
      display: {},
    });
  });

  it('refuses a method the case does not offer, listing those it does', () => {
    expect(
      validatePayoutElection(
        'venmo',
        { venmoPhoneOrEmail: '2135550147' },
        {
          methods: ['paypal', 'check'],
        },
      ),
    ).toEqual({
      ok: false,
      problems: [
        {
          field: 'paymentMethod',
          code: 'method_not_offered',
          params: { method: 'venmo', methods: 'paypal, check' },
          message:
            '"venmo" is not a payment method this settlement offers; choose one of paypal, check',
        },
      ],
    });
  });

  it('refuses an unknown method as one the case does not offer', () => {
    expect(problemsOf(validatePayoutElection('zelle', {}, ALL_METHODS))).toEqual([
      { field: 'paymentMethod', code: 'method_not_offered' },
    ]);
  });

  it('refuses a field the method does not have, naming the method’s fields', () => {
    const result = validatePayoutElection(
      'paypal',
      { paymentEmail: 'ana@example.com', accountNumber: '12345678' },
      ALL_METHODS,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          field: 'accountNumber',
          code: 'unknown_field',
          params: { field: 'accountNumber', method: 'paypal', fields: 'paymentEmail' },
          message:
            '"accountNumber" is not a field of the paypal payment method; expected paymentEmail',
        },
      ],
    });
  });

  it('refuses any field for a paper check', () => {
    expect(validatePayoutElection('check', { paymentEmail: '' }, ALL_METHODS)).toMatchObject({
      ok: false,
      problems: [{ field: 'paymentEmail', code: 'unknown_field', params: { fields: 'none' } }],
    });
  });

  it('requires every field of the method, blank or missing', () => {
    expect(
      problemsOf(
        validatePayoutElection('ach', { routingNumber: '  ', accountNumber: null }, ALL_METHODS),
      ),
    ).toEqual([
      { field: 'routingNumber', code: 'required' },
      { field: 'accountNumber', code: 'required' },
      { field: 'accountNumberConfirmation', code: 'required' },
      { field: 'accountType', code: 'required' },
    ]);
  });

  it('refuses a value that is not text', () => {
    expect(
      problemsOf(
        validatePayoutElection('ach', { ...ACH, accountNumber: 123456789012 }, ALL_METHODS),
      ),
    ).toEqual([{ field: 'accountNumber', code: 'text_expected' }]);
  });

  it('reports every field’s problem at once, in the order of the fields', () => {
    expect(
      problemsOf(
        validatePayoutElection(
          'ach',
          { ...ACH, routingNumber: '021000022', accountType: 'brokerage', memo: 'x' },
          ALL_METHODS,
        ),
      ),
    ).toEqual([
      { field: 'routingNumber', code: 'routing_number_check_digit' },
      { field: 'accountType', code: 'account_type_invalid' },
      { field: 'memo', code: 'unknown_field' },
    ]);
  });

  it('refuses account numbers that do not match', () => {
    expect(
      problemsOf(
        validatePayoutElection(
          'ach',
          { ...ACH, accountNumberConfirmation: '123456789021' },
          ALL_METHODS,
        ),
      ),
    ).toEqual([{ field: 'accountNumberConfirmation', code: 'account_number_mismatch' }]);
  });

  it('refuses a Venmo username', () => {
    expect(
      problemsOf(validatePayoutElection('venmo', { venmoPhoneOrEmail: '@ana' }, ALL_METHODS)),
    ).toEqual([{ field: 'venmoPhoneOrEmail', code: 'venmo_username' }]);
  });
});
