import { describe, expect, it } from 'vitest';
import {
  PAYOUT_MESSAGES,
  payoutMessageCatalogue,
  payoutProblem,
  payoutProblemMessage,
  refused,
} from './problems';

describe('payoutProblem', () => {
  it('fills the placeholders of the English default', () => {
    expect(payoutProblem('routingNumber', 'routing_number_length', { count: '8' })).toEqual({
      field: 'routingNumber',
      code: 'routing_number_length',
      params: { count: '8' },
      message: 'A routing number has 9 digits; this one has 8',
    });
  });
});

describe('payoutProblemMessage', () => {
  it('uses the text of the code’s content key in the active culture, with its placeholders filled', () => {
    const problem = payoutProblem('accountNumber', 'account_number_length', { count: '3' });
    const spanish: Record<string, string> = {
      LocKey_Payout_AccountNumber_Length:
        'Un número de cuenta tiene de 4 a 17 dígitos; este tiene {count}',
    };
    expect(payoutProblemMessage(problem, (key) => spanish[key])).toBe(
      'Un número de cuenta tiene de 4 a 17 dígitos; este tiene 3',
    );
  });

  it('falls back to English when the content lacks the key', () => {
    const problem = payoutProblem('accountType', 'account_type_invalid');
    expect(payoutProblemMessage(problem, () => undefined)).toBe('Choose checking or savings');
  });
});

describe('PAYOUT_MESSAGES', () => {
  it('shares the required and email messages with the pages’ own rules', () => {
    expect(PAYOUT_MESSAGES.required.key).toBe('LocKey_Validation_Required');
    expect(PAYOUT_MESSAGES.email_invalid.key).toBe('LocKey_Validation_Email');
  });

  it('gives every code its own content key', () => {
    const keys = payoutMessageCatalogue().map((message) => message.key);
    expect(new Set(keys).size).toBe(Object.keys(PAYOUT_MESSAGES).length);
  });
});

describe('refused', () => {
  it('leaves out params when there are none', () => {
    expect(refused('account_type_invalid')).toEqual({ ok: false, code: 'account_type_invalid' });
  });
});
