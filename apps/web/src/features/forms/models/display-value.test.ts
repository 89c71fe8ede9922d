import { describe, expect, it } from 'vitest';
import { displayValue } from './display-value';

const localize = (text: string | { key: string; text: string }) =>
  typeof text === 'string' ? text : text.text;

describe('displayValue', () => {
  it('shows an account number by its last four digits only', () => {
    expect(displayValue(undefined, 'accountNumber', '000123456789', localize)).toBe('•••• 6789');
  });

  it('shows a routing number by its last four digits only', () => {
    expect(displayValue(undefined, 'routingNumber', '021000021', localize)).toBe('•••• 0021');
  });

  it('shows the label of a chosen option', () => {
    const field = {
      options: [{ value: 'savings', label: 'Savings account' }],
    } as Parameters<typeof displayValue>[0];
    expect(displayValue(field, 'accountType', 'savings', localize)).toBe('Savings account');
  });
});
