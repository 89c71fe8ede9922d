import { describe, expect, it } from 'vitest';
import { claimSearchColumns } from '../admin/claims/claim-search';
import { validClaimantInfo, validStandardClaimDetails } from '../test/claims';
import {
  claimFingerprints,
  filingFacts,
  fingerprintKey,
  ownSignals,
  type Fingerprint,
  type FraudFiling,
} from './claim-fingerprints';

const KEY = fingerprintKey('a pepper of at least thirty-two characters');

function filing(
  info: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
  request: Partial<FraudFiling> = {},
): FraudFiling {
  return {
    identity: { kind: 'classMember', noticeId: 'nw00000001' },
    models: {
      claimantInfo: { fields: { ...validClaimantInfo(), ...info } },
      claimDetails: { fields: { ...validStandardClaimDetails('1NWVRS2F5JR162080'), ...details } },
    },
    prepopulatedData: {},
    filedAt: new Date('2027-03-05T20:05:00Z'),
    ip: '203.0.113.9',
    deviceId: 'AAAAAAAAAAAAAAAAAAAAAA',
    authorizedAt: '2027-03-05T20:00:00.000Z',
    honeypot: null,
    ...request,
  };
}

function keyOf(fingerprints: Fingerprint[], kind: Fingerprint['kind']): string | undefined {
  return fingerprints.find((fingerprint) => fingerprint.kind === kind)?.key;
}

describe('claimFingerprints', () => {
  it('keeps member, VIN, name and address as comparison keys', () => {
    const found = claimFingerprints(filing(), KEY);
    expect(keyOf(found, 'member')).toBe('NW00000001');
    expect(keyOf(found, 'vin')).toBe('1NWVRS2F5JR162080');
    expect(keyOf(found, 'address')).toBe('454 LAKEVIEW CT # 2|97208');
    expect(keyOf(found, 'name')).toMatch(/^[A-Z ]+$/);
  });

  it('keeps e-mail, phone, payout account and device only as keyed hashes of 16 bytes', () => {
    const found = claimFingerprints(
      filing({}, { paymentMethod: 'PayPal', paymentEmail: 'Pay.Me@Example.com' }),
      KEY,
    );
    for (const kind of ['email', 'phone', 'payout', 'device'] as const) {
      expect(keyOf(found, kind)).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('matches one e-mail and one phone however they are typed', () => {
    const a = claimFingerprints(filing(), KEY);
    const b = claimFingerprints(
      filing({ emailAddress: 'ANA.ONEIL@example.com', phoneNumber: '+1 503 555 0147' }),
      KEY,
    );
    expect(keyOf(b, 'email')).toBe(keyOf(a, 'email'));
    expect(keyOf(b, 'phone')).toBe(keyOf(a, 'phone'));
  });

  it('gives other fingerprints under another key', () => {
    const other = fingerprintKey('another pepper of at least thirty-two characters');
    expect(keyOf(claimFingerprints(filing(), other), 'email')).not.toBe(
      keyOf(claimFingerprints(filing(), KEY), 'email'),
    );
  });

  it('counts no payout account for a check', () => {
    const found = claimFingerprints(
      filing({}, { paymentMethod: 'Check', paymentEmail: null }),
      KEY,
    );
    expect(keyOf(found, 'payout')).toBeUndefined();
  });

  it('puts an IPv6 address in its /48 block', () => {
    const found = claimFingerprints(filing({}, {}, { ip: '2001:DB8:1234:5::1' }), KEY);
    expect(keyOf(found, 'ip')).toBe('2001:db8:1234:5::1');
    expect(keyOf(found, 'network')).toBe('2001:db8:1234::/48');
  });

  it('counts no address velocity without an IP address', () => {
    const found = claimFingerprints(filing({}, {}, { ip: 'unix-socket' }), KEY);
    expect(keyOf(found, 'ip')).toBeUndefined();
    expect(keyOf(found, 'network')).toBeUndefined();
  });
});

describe('ownSignals', () => {
  it('reads the fill time, the hidden field, the e-mail domain and the ZIP and state', () => {
    expect(
      ownSignals(
        filing(
          { emailAddress: 'x@mailinator.com' },
          {},
          { honeypot: 'filled', filedAt: new Date('2027-03-05T20:00:30Z') },
        ),
      ),
    ).toEqual({
      honeypotFilled: true,
      disposableEmailDomain: 'mailinator.com',
      fillSeconds: 30,
      mailingAddress: { zip: '97208-4417', state: 'OR' },
    });
  });

  it('leaves out the ZIP and state of an address outside the US', () => {
    const signals = ownSignals(filing({ mailingCountry: 'CA' }));
    expect(signals.mailingAddress).toBeUndefined();
    expect(signals.disposableEmailDomain).toBeUndefined();
    expect(signals.honeypotFilled).toBe(false);
  });
});

describe('filingFacts', () => {
  it('gives the fingerprints, own signals and search columns, each as on its own', () => {
    const claim = filing(
      { phoneNumber: '(555) 010-0199' },
      { paymentMethod: 'PayPal', paymentEmail: 'pay@example.com' },
    );
    expect(filingFacts(claim, KEY)).toEqual({
      fingerprints: claimFingerprints(claim, KEY),
      own: ownSignals(claim),
      columns: claimSearchColumns(claim),
    });
  });
});
