import { z } from 'zod';
import { strictObject } from '../case/schema-issues';
import { REASON_CODES } from './signals';

/**
 * The case definition's fraud settings. Every key has a default, so a case that writes
 * nothing scores with the defaults below.
 *
 * ```yaml
 * fraud:
 *   reviewThreshold: 900
 *   holdThreshold: 600
 *   weights:
 *     IP_NETWORK_VELOCITY: 150
 *     ZIP_STATE_MISMATCH: 0
 *   velocity:
 *     ipAddress: { windowMinutes: 60, allowedClaims: 3 }
 *     ipNetwork: { windowMinutes: 10, allowedClaims: 5 }
 *     device: { windowMinutes: 1440, allowedClaims: 2 }
 *   minimumFillSeconds: 60
 *   oneClaimPerMember: true
 * ```
 */

/** Every claim starts with this score; deductions take it down. */
export const START_SCORE = 1000;

/** A velocity window longer than a week would count the ordinary pace of a long claim period. */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

/** No form of the site is read and filled in an hour's time by anyone but a person. */
export const MAX_FILL_SECONDS = 3600;

function wholeNumber(min: number, max: number, unit: string) {
  return z
    .number()
    .refine(Number.isInteger, {
      error: (issue) => `expected a whole number of ${unit}; got ${String(issue.input)}`,
    })
    .min(min, { error: (issue) => `must be at least ${min}; got ${String(issue.input)}` })
    .max(max, { error: (issue) => `must be at most ${max}; got ${String(issue.input)}` });
}

const scoreSchema = wholeNumber(0, START_SCORE, 'points');

function velocityWindowSchema(defaults: { windowMinutes: number; allowedClaims: number }) {
  return strictObject({
    /** How far back the server counts claims from the same source. */
    windowMinutes: wholeNumber(1, MAX_WINDOW_MINUTES, 'minutes').default(defaults.windowMinutes),
    /** Claims from one source within the window that deduct nothing, this one included. */
    allowedClaims: wholeNumber(1, 1000, 'claims').default(defaults.allowedClaims),
  }).prefault({});
}

function unknownCodes(issue: { code: string; keys?: readonly string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys' || issue.keys === undefined) return undefined;
  const keys = issue.keys.map((key) => `"${key}"`).join(', ');
  return `unknown reason code${issue.keys.length > 1 ? 's' : ''} ${keys}; expected one of ${REASON_CODES.join(', ')}`;
}

export const fraudSettingsSchema = strictObject({
  /** A claim scoring below this goes to review. At most 1,000: at 1,000 any deduction does. */
  reviewThreshold: scoreSchema.default(900),
  /** A claim scoring below this is held in the fraud queue; below the review threshold. */
  holdThreshold: scoreSchema.default(600),
  /** Points of a reason code at full weight, in place of its default; 0 turns it off. */
  weights: z
    .partialRecord(z.enum(REASON_CODES), scoreSchema, {
      // zod reports keys outside the enum as unrecognized_keys, absent from this issue's types.
      error: (issue) => unknownCodes(issue as { code: string; keys?: readonly string[] }),
    })
    .prefault({}),
  velocity: strictObject({
    /** Claims from one IP address. */
    ipAddress: velocityWindowSchema({ windowMinutes: 60, allowedClaims: 3 }),
    /** Claims from one /24 (IPv4) or /48 (IPv6) block. */
    ipNetwork: velocityWindowSchema({ windowMinutes: 10, allowedClaims: 5 }),
    /** Claims from one browser, by its device cookie. */
    device: velocityWindowSchema({ windowMinutes: 24 * 60, allowedClaims: 2 }),
  }).prefault({}),
  /** Fewer seconds than this from the first form page to submit is faster than a person; 0 turns it off. */
  minimumFillSeconds: wholeNumber(0, MAX_FILL_SECONDS, 'seconds').default(60),
  /** Whether the case allows one claim per class member, so that a second one counts. */
  oneClaimPerMember: z.boolean().default(true),
}).superRefine((settings, ctx) => {
  if (settings.holdThreshold >= settings.reviewThreshold) {
    ctx.addIssue({
      code: 'custom',
      path: ['holdThreshold'],
      message: `must be below the review threshold of ${settings.reviewThreshold}; got ${settings.holdThreshold}`,
    });
  }
});
export type FraudSettings = z.output<typeof fraudSettingsSchema>;

/** The settings of a case that writes none. */
export const DEFAULT_FRAUD_SETTINGS: FraudSettings = fraudSettingsSchema.parse({});
