import { describe, expect, it } from 'vitest';
import { paymentElectionMatches } from './payment-election';
import type { PayPalVerification } from './paypal-session';

const verified: PayPalVerification = {
  status: 'verified',
  verifiedAt: '2030-05-01T12:00:00.000Z',
  email: 'pat.claimant@example.com',
  emails: ['pat.claimant@example.com', 'pat.work@example.com'],
  payerId: 'WDJJHEBZ4X2LY',
};

const failed: PayPalVerification = {
  status: 'failed',
  reason: 'PayPal refused the authorization code',
  failedAt: '2030-05-01T12:00:00.000Z',
};

describe('paymentElectionMatches', () => {
  it('accepts another payment method without any PayPal login', () => {
    expect(paymentElectionMatches({ method: 'Check', payPalEmail: null }, null)).toBe(true);
  });

  it('accepts PayPal with the primary address of the verified account', () => {
    expect(
      paymentElectionMatches(
        { method: 'PayPal', payPalEmail: 'pat.claimant@example.com' },
        verified,
      ),
    ).toBe(true);
  });

  it('ignores case and surrounding spaces in the address', () => {
    expect(
      paymentElectionMatches(
        { method: 'paypal', payPalEmail: '  Pat.Claimant@Example.com ' },
        verified,
      ),
    ).toBe(true);
  });

  it('accepts another confirmed address of the verified account', () => {
    expect(
      paymentElectionMatches({ method: 'PayPal', payPalEmail: 'pat.work@example.com' }, verified),
    ).toBe(true);
  });

  it('refuses PayPal with an address of another account', () => {
    expect(
      paymentElectionMatches({ method: 'PayPal', payPalEmail: 'someone@example.com' }, verified),
    ).toBe(false);
  });

  it('refuses PayPal without a PayPal login', () => {
    expect(
      paymentElectionMatches({ method: 'PayPal', payPalEmail: 'pat.claimant@example.com' }, null),
    ).toBe(false);
  });

  it('refuses PayPal after a login that could not be verified', () => {
    expect(
      paymentElectionMatches({ method: 'PayPal', payPalEmail: 'pat.claimant@example.com' }, failed),
    ).toBe(false);
  });

  it('refuses PayPal without an address', () => {
    expect(paymentElectionMatches({ method: 'PayPal', payPalEmail: '' }, verified)).toBe(false);
  });
});
