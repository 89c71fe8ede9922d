import { describe, expect, it } from 'vitest';
import { describeIssue, formatPath } from '../case/schema-issues';
import { DEFAULT_FRAUD_SETTINGS, fraudSettingsSchema } from './config';

/** The problems as the case definition reports them, each with its path under `fraud`. */
function problemsOf(source: unknown): string[] {
  const result = fraudSettingsSchema.safeParse(source, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map(
    (issue) => `${formatPath('fraud', issue.path)}: ${describeIssue(issue)}`,
  );
}

describe('fraudSettingsSchema', () => {
  it('gives a case that writes nothing the default settings', () => {
    expect(DEFAULT_FRAUD_SETTINGS).toEqual({
      reviewThreshold: 900,
      holdThreshold: 600,
      weights: {},
      velocity: {
        ipAddress: { windowMinutes: 60, allowedClaims: 3 },
        ipNetwork: { windowMinutes: 10, allowedClaims: 5 },
        device: { windowMinutes: 1440, allowedClaims: 2 },
      },
      minimumFillSeconds: 60,
      oneClaimPerMember: true,
    });
  });

  it('keeps what a case writes and fills in the rest', () => {
    const settings = fraudSettingsSchema.parse({
      reviewThreshold: 1000,
      weights: { IP_NETWORK_VELOCITY: 250, ZIP_STATE_MISMATCH: 0 },
      velocity: { device: { allowedClaims: 1 } },
      oneClaimPerMember: false,
    });
    expect(settings).toMatchObject({
      reviewThreshold: 1000,
      holdThreshold: 600,
      weights: { IP_NETWORK_VELOCITY: 250, ZIP_STATE_MISMATCH: 0 },
      velocity: {
        ipAddress: { windowMinutes: 60, allowedClaims: 3 },
        device: { windowMinutes: 1440, allowedClaims: 1 },
      },
      oneClaimPerMember: false,
    });
  });

  it('refuses a hold threshold at or above the review threshold', () => {
    expect(problemsOf({ reviewThreshold: 700, holdThreshold: 700 })).toEqual([
      'fraud.holdThreshold: must be below the review threshold of 700; got 700',
    ]);
  });

  it('refuses a review threshold above the starting score', () => {
    expect(problemsOf({ reviewThreshold: 1001 })).toEqual([
      'fraud.reviewThreshold: must be at most 1000; got 1001',
    ]);
  });

  it('refuses a negative hold threshold', () => {
    expect(problemsOf({ holdThreshold: -1 })).toEqual([
      'fraud.holdThreshold: must be at least 0; got -1',
    ]);
  });

  it('refuses a weight for an unknown reason code, listing the known ones', () => {
    expect(problemsOf({ weights: { IP_VELOCITY: 100 } })).toEqual([
      'fraud.weights: unknown reason code "IP_VELOCITY"; expected one of IP_ADDRESS_VELOCITY, IP_NETWORK_VELOCITY, DEVICE_VELOCITY, MEMBER_ALREADY_CLAIMED, VIN_ALREADY_CLAIMED, NAME_NEAR_DUPLICATE, ADDRESS_NEAR_DUPLICATE, SHARED_EMAIL, SHARED_PHONE, SHARED_PAYOUT_ACCOUNT, DISPOSABLE_EMAIL, FAST_FILL, HONEYPOT_FILLED, ZIP_STATE_MISMATCH',
    ]);
  });

  it('names every unknown reason code in one problem', () => {
    expect(problemsOf({ weights: { IP_VELOCITY: 100, EMAIL_VELOCITY: 50 } })[0]).toMatch(
      /^fraud\.weights: unknown reason codes "IP_VELOCITY", "EMAIL_VELOCITY"; expected one of /,
    );
  });

  it('refuses weights written as a list', () => {
    expect(problemsOf({ weights: [100] })).toEqual(['fraud.weights: expected record, got a list']);
  });

  it('refuses a weight of part of a point', () => {
    expect(problemsOf({ weights: { FAST_FILL: 12.5 } })).toEqual([
      'fraud.weights.FAST_FILL: expected a whole number of points; got 12.5',
    ]);
  });

  it('refuses a velocity window of no minutes or longer than a week', () => {
    expect(
      problemsOf({
        velocity: { ipAddress: { windowMinutes: 0 }, ipNetwork: { windowMinutes: 10081 } },
      }),
    ).toEqual([
      'fraud.velocity.ipAddress.windowMinutes: must be at least 1; got 0',
      'fraud.velocity.ipNetwork.windowMinutes: must be at most 10080; got 10081',
    ]);
  });

  it('refuses an allowance of no claims', () => {
    expect(problemsOf({ velocity: { device: { allowedClaims: 0 } } })).toEqual([
      'fraud.velocity.device.allowedClaims: must be at least 1; got 0',
    ]);
  });

  it('refuses a minimum fill time longer than an hour', () => {
    expect(problemsOf({ minimumFillSeconds: 3601 })).toEqual([
      'fraud.minimumFillSeconds: must be at most 3600; got 3601',
    ]);
  });

  it('refuses a one-claim rule written as text', () => {
    expect(problemsOf({ oneClaimPerMember: 'yes' })).toEqual([
      'fraud.oneClaimPerMember: expected boolean, got string',
    ]);
  });

  it('refuses an unknown key, listing the known ones', () => {
    expect(problemsOf({ holdThresold: 500 })).toEqual([
      'fraud: unexpected key "holdThresold"; expected reviewThreshold, holdThreshold, weights, velocity, minimumFillSeconds, oneClaimPerMember',
    ]);
  });

  it('refuses an unknown velocity source, listing the known ones', () => {
    expect(problemsOf({ velocity: { email: { allowedClaims: 2 } } })).toEqual([
      'fraud.velocity: unexpected key "email"; expected ipAddress, ipNetwork, device',
    ]);
  });
});
