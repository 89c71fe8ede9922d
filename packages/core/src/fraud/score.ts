import { START_SCORE, type FraudSettings } from './config';
import {
  parseClaimSignals,
  REASON_CODE_TABLE,
  REASON_CODES,
  type CheckedClaimSignals,
  type ClaimSignals,
  type ReasonCode,
  type ReasonCodeDefinition,
} from './signals';

/**
 * A claim's fraud score: it starts at 1,000 and each signal found takes off its points, with
 * its reason code and the evidence seen, so that anyone reading the score can see why. The
 * decision is a routing, never a refusal: a held claim waits in the fraud queue for a person.
 */

export const FRAUD_DECISIONS = ['pass', 'review', 'hold'] as const;
export type FraudDecision = (typeof FRAUD_DECISIONS)[number];

export interface Deduction {
  code: ReasonCode;
  points: number;
  evidence: string;
}

export interface FraudScore {
  score: number;
  /** Most points first; equal points in the reason-code table's order. */
  deductions: Deduction[];
  decision: FraudDecision;
}

/**
 * The points of a finding: all of `weight` for a yes-or-no code; for a graded one, its share
 * `count / fullAt` of the weight, rounded up so that any finding deducts, and never more than
 * the weight.
 */
export function gradedPoints(weight: number, count: number, fullAt: number | undefined): number {
  if (fullAt === undefined || count >= fullAt) return weight;
  return Math.ceil((weight * count) / fullAt);
}

/** `hold` below the hold threshold, `review` below the review threshold, else `pass`. */
export function decide(score: number, settings: FraudSettings): FraudDecision {
  if (score < settings.holdThreshold) return 'hold';
  if (score < settings.reviewThreshold) return 'review';
  return 'pass';
}

/**
 * Scores a claim from the signals the server gathered, with the case's weights and
 * thresholds, once they are checked (parseClaimSignals: a value the server could not have
 * meant throws). Pure: the same signals and settings always give the same score, deductions
 * and decision. The score does not go below 0; every deduction is listed all the same.
 */
export function scoreClaim(signals: ClaimSignals, settings: FraudSettings): FraudScore {
  return scoreCheckedSignals(parseClaimSignals(signals), settings);
}

/**
 * scoreClaim without the check, for signals the caller built itself with their checked type
 * (the server's own at filing). Signals from elsewhere (stored, sent) go through scoreClaim.
 */
export function scoreCheckedSignals(
  signals: CheckedClaimSignals,
  settings: FraudSettings,
): FraudScore {
  const deductions = REASON_CODES.flatMap((code): Deduction[] => {
    const definition: ReasonCodeDefinition = REASON_CODE_TABLE[code];
    const finding = definition.find(signals, settings);
    if (finding === undefined) return [];
    const weight = settings.weights[code] ?? definition.points;
    const points = gradedPoints(weight, finding.count, definition.fullAt);
    return points > 0 ? [{ code, points, evidence: finding.evidence }] : [];
  });
  // Array.prototype.sort is stable, so equal points keep the table's order.
  deductions.sort((a, b) => b.points - a.points);
  const total = deductions.reduce((sum, deduction) => sum + deduction.points, 0);
  const score = Math.max(0, START_SCORE - total);
  return { score, deductions, decision: decide(score, settings) };
}
