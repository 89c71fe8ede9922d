import { describe, expect, it } from 'vitest';
import { fraudSettingsSchema, type FraudSettings } from './config';
import { decide, gradedPoints, scoreCheckedSignals, scoreClaim } from './score';
import { REASON_CODES, type ClaimSignals, type ReasonCode } from './signals';

function settings(source: Record<string, unknown> = {}): FraudSettings {
  return fraudSettingsSchema.parse(source);
}

const DEFAULTS = settings();

/** One signal of each reason code, the points it deducts by default and its evidence. */
const ONE_OF_EACH: readonly [ReasonCode, ClaimSignals, number, string][] = [
  [
    'IP_ADDRESS_VELOCITY',
    { ipAddressVelocity: { claims: 5, source: '198.51.100.7' } },
    60,
    '5 claims from 198.51.100.7 in 1 hour; 3 allowed',
  ],
  [
    'IP_NETWORK_VELOCITY',
    { ipNetworkVelocity: { claims: 14, source: '203.0.113.0/24' } },
    90,
    '14 claims from 203.0.113.0/24 in 10 minutes; 5 allowed',
  ],
  [
    'DEVICE_VELOCITY',
    { deviceVelocity: { claims: 3, source: '9f2c1a7e' } },
    67,
    '3 claims from device 9f2c1a7e in 24 hours; 2 allowed',
  ],
  [
    'MEMBER_ALREADY_CLAIMED',
    { memberMatches: { key: '100234', count: 1, references: ['NWM7K3Q9XT4'] } },
    300,
    'member 100234 is on 1 other claim: NWM7K3Q9XT4',
  ],
  [
    'VIN_ALREADY_CLAIMED',
    { vinMatches: { key: '1HGCM82633A004352', count: 1, references: ['KQ2M8XT4N7P'] } },
    400,
    'VIN 1HGCM82633A004352 is on 1 other claim: KQ2M8XT4N7P',
  ],
  [
    'NAME_NEAR_DUPLICATE',
    { nameMatches: { key: 'JN SM0', count: 2, references: ['A2B3C4D5E6F', 'G7H8J9K2M3N'] } },
    67,
    'name key JN SM0 is on 2 other claims: A2B3C4D5E6F, G7H8J9K2M3N',
  ],
  [
    'ADDRESS_NEAR_DUPLICATE',
    { addressMatches: { key: '123 N MAIN ST # 4|90210', count: 1, references: ['P4Q5R6S7T8U'] } },
    20,
    'address 123 N MAIN ST # 4|90210 is on 1 other claim: P4Q5R6S7T8U',
  ],
  [
    'SHARED_EMAIL',
    { emailMatches: { count: 3, references: ['A2B3C4D5E6F'] } },
    150,
    'the e-mail address is on 3 other claims: A2B3C4D5E6F and 2 more',
  ],
  [
    'SHARED_PHONE',
    { phoneMatches: { count: 1, references: [] } },
    34,
    'the phone number is on 1 other claim',
  ],
  [
    'SHARED_PAYOUT_ACCOUNT',
    { payoutAccountMatches: { count: 1, references: ['V9W2X3Y4Z5A'] } },
    150,
    'the payout account is on 1 other claim: V9W2X3Y4Z5A',
  ],
  [
    'DISPOSABLE_EMAIL',
    { disposableEmailDomain: 'mailinator.com' },
    100,
    'e-mail domain mailinator.com is a disposable-address service',
  ],
  [
    'FAST_FILL',
    { fillSeconds: 12.7 },
    150,
    '12 seconds from the first form page to submit; a person takes at least 60',
  ],
  [
    'HONEYPOT_FILLED',
    { honeypotFilled: true },
    500,
    'the hidden form field, which people do not see, was filled in',
  ],
  [
    'ZIP_STATE_MISMATCH',
    { mailingAddress: { zip: '90210', state: 'ny' } },
    75,
    'ZIP 90210 is in CA, not NY',
  ],
];

describe('scoreClaim', () => {
  it('passes a claim with no signals at 1,000', () => {
    expect(scoreClaim({}, DEFAULTS)).toEqual({ score: 1000, deductions: [], decision: 'pass' });
  });

  it.each(ONE_OF_EACH)('deducts %s with its evidence', (code, signals, points, evidence) => {
    const result = scoreClaim(signals, DEFAULTS);
    expect(result.deductions).toEqual([{ code, points, evidence }]);
    expect(result.score).toBe(1000 - points);
  });

  it('has a deduction case for every reason code', () => {
    expect(ONE_OF_EACH.map(([code]) => code)).toEqual(REASON_CODES);
  });

  it.each([
    [3, 0],
    [4, 30],
    [5, 60],
    [6, 90],
    [7, 120],
    [8, 150],
    [40, 150],
  ])(
    'deducts more for more claims from one address, up to the full points: %i claims, %i points',
    (claims, points) => {
      const result = scoreClaim(
        { ipAddressVelocity: { claims, source: '198.51.100.7' } },
        DEFAULTS,
      );
      expect(result.deductions.map((deduction) => deduction.points)).toEqual(
        points ? [points] : [],
      );
    },
  );

  it('deducts more for more other claims sharing a payout account, up to the full points', () => {
    const points = [1, 2, 3].map(
      (count) =>
        scoreClaim({ payoutAccountMatches: { count, references: [] } }, DEFAULTS).deductions[0]
          ?.points,
    );
    expect(points).toEqual([150, 300, 300]);
  });

  it("counts velocity against the case's allowance", () => {
    const signals = { deviceVelocity: { claims: 3, source: '9f2c1a7e' } };
    const lenient = settings({ velocity: { device: { allowedClaims: 3, windowMinutes: 90 } } });
    const strict = settings({ velocity: { device: { allowedClaims: 1, windowMinutes: 90 } } });
    expect(scoreClaim(signals, lenient).deductions).toEqual([]);
    expect(scoreClaim(signals, strict).deductions).toEqual([
      {
        code: 'DEVICE_VELOCITY',
        points: 134,
        evidence: '3 claims from device 9f2c1a7e in 90 minutes; 1 allowed',
      },
    ]);
  });

  it("uses the case's weight of a code in place of its default", () => {
    const result = scoreClaim(
      { honeypotFilled: true },
      settings({ weights: { HONEYPOT_FILLED: 80 } }),
    );
    expect(result).toMatchObject({
      score: 920,
      deductions: [{ code: 'HONEYPOT_FILLED', points: 80 }],
    });
  });

  it("grades a graded code's weight from the case", () => {
    const result = scoreClaim(
      { ipNetworkVelocity: { claims: 10, source: '203.0.113.0/24' } },
      settings({ weights: { IP_NETWORK_VELOCITY: 300 } }),
    );
    expect(result.deductions[0]?.points).toBe(150);
  });

  it('lists nothing for a code the case weighs at 0', () => {
    const result = scoreClaim(
      { honeypotFilled: true },
      settings({ weights: { HONEYPOT_FILLED: 0 } }),
    );
    expect(result).toEqual({ score: 1000, deductions: [], decision: 'pass' });
  });

  it('deducts nothing for a member on other claims when the case allows several claims per member', () => {
    const signals = { memberMatches: { key: '100234', count: 2, references: [] } };
    expect(scoreClaim(signals, settings({ oneClaimPerMember: false })).deductions).toEqual([]);
  });

  it('deducts nothing for a value no other claim shares', () => {
    const none = { count: 0, references: [] };
    const signals: ClaimSignals = {
      memberMatches: { key: '100234', ...none },
      vinMatches: { key: '1HGCM82633A004352', ...none },
      nameMatches: { key: 'JN SM0', ...none },
      addressMatches: { key: '1 MAIN ST|90210', ...none },
      emailMatches: none,
      phoneMatches: none,
      payoutAccountMatches: none,
    };
    expect(scoreClaim(signals, DEFAULTS).deductions).toEqual([]);
  });

  it('deducts nothing for a claim filled in at the minimum time or slower', () => {
    expect(scoreClaim({ fillSeconds: 60 }, DEFAULTS).deductions).toEqual([]);
  });

  it('deducts nothing for the fill time when the case sets no minimum', () => {
    expect(scoreClaim({ fillSeconds: 0 }, settings({ minimumFillSeconds: 0 })).deductions).toEqual(
      [],
    );
  });

  it('deducts nothing for an empty honeypot', () => {
    expect(scoreClaim({ honeypotFilled: false }, DEFAULTS).deductions).toEqual([]);
  });

  it.each([
    ['a ZIP Code of the state', '90210', 'CA'],
    ['an unassigned ZIP Code', '00012', 'CA'],
    ['an unknown state', '90210', 'XX'],
    ['a malformed ZIP Code', '902', 'NY'],
  ])('deducts nothing for %s', (_what, zip, state) => {
    expect(scoreClaim({ mailingAddress: { zip, state } }, DEFAULTS).deductions).toEqual([]);
  });

  it('lists the deductions with the most points first, equal points in the table order', () => {
    const result = scoreClaim(
      {
        disposableEmailDomain: 'mailinator.com',
        fillSeconds: 3,
        honeypotFilled: true,
        ipAddressVelocity: { claims: 8, source: '198.51.100.7' },
      },
      DEFAULTS,
    );
    expect(result.deductions.map(({ code, points }) => [code, points])).toEqual([
      ['HONEYPOT_FILLED', 500],
      ['IP_ADDRESS_VELOCITY', 150],
      ['FAST_FILL', 150],
      ['DISPOSABLE_EMAIL', 100],
    ]);
  });

  it('stops the score at 0 and lists every deduction all the same', () => {
    const signals = Object.assign({}, ...ONE_OF_EACH.map(([, signal]) => signal)) as ClaimSignals;
    const result = scoreClaim(signals, DEFAULTS);
    expect(result.score).toBe(0);
    expect(result.deductions).toHaveLength(REASON_CODES.length);
    expect(result.decision).toBe('hold');
  });

  it('gives the same result for the same signals and leaves them as they were', () => {
    const signals = Object.freeze({
      emailMatches: Object.freeze({ count: 2, references: Object.freeze(['A2B3C4D5E6F']) }),
      fillSeconds: 5,
    });
    const copy = structuredClone(signals);
    const first = scoreClaim(signals, DEFAULTS);
    expect(scoreClaim(signals, DEFAULTS)).toEqual(first);
    expect(signals).toEqual(copy);
  });

  it('refuses signals the server could not have meant, naming each', () => {
    expect(() =>
      scoreClaim({ ipAddressVelocity: { claims: 0, source: '198.51.100.7' } }, DEFAULTS),
    ).toThrow(
      'invalid fraud signals: signals.ipAddressVelocity.claims: Too small: expected number to be >=1',
    );
  });
});

describe('scoreCheckedSignals', () => {
  it('scores checked signals as scoreClaim does, each code alone and all together', () => {
    const all = Object.assign({}, ...ONE_OF_EACH.map(([, signal]) => signal)) as ClaimSignals;
    for (const signals of [{}, all, ...ONE_OF_EACH.map(([, signal]) => signal)]) {
      for (const options of [DEFAULTS, settings({ reviewThreshold: 1000 })]) {
        expect(scoreCheckedSignals(signals, options)).toEqual(scoreClaim(signals, options));
      }
    }
  });
});

describe('decide', () => {
  const thresholds = settings({ reviewThreshold: 900, holdThreshold: 600 });

  it.each([
    [1000, 'pass'],
    [900, 'pass'],
    [899, 'review'],
    [600, 'review'],
    [599, 'hold'],
    [0, 'hold'],
  ] as const)('decides a score of %i: %s', (score, decision) => {
    expect(decide(score, thresholds)).toBe(decision);
  });

  it('sends any deduction to review when the review threshold is 1,000', () => {
    const strict = settings({ reviewThreshold: 1000 });
    expect(scoreClaim({ mailingAddress: { zip: '90210', state: 'NY' } }, strict).decision).toBe(
      'review',
    );
  });

  it('holds a claim whose deductions take it below the hold threshold', () => {
    const result = scoreClaim({ honeypotFilled: true, fillSeconds: 1 }, DEFAULTS);
    expect(result).toMatchObject({ score: 350, decision: 'hold' });
  });
});

describe('gradedPoints', () => {
  it('deducts the full weight of a yes-or-no code', () => {
    expect(gradedPoints(75, 1, undefined)).toBe(75);
  });

  it('rounds a share up, so that any finding deducts', () => {
    expect(gradedPoints(10, 1, 3)).toBe(4);
    expect(gradedPoints(1, 1, 10)).toBe(1);
  });

  it('never deducts more than the weight', () => {
    expect(gradedPoints(100, 50, 4)).toBe(100);
  });
});
