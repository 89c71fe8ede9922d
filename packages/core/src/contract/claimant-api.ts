import { z } from 'zod';
import { CLAIM_STATUSES } from '../lifecycle/transitions';

/**
 * The claimant's calls after filing (docs/behaviour.md#after-filing): Check Claim Status and
 * Change My Address, and the change of how the claim is paid. The claimant proves who they
 * are with the Documents Upload authorize call (reference code plus last name or ZIP, behind
 * the captcha and the lockouts) or, for an address, the Standard one (Notice ID plus PIN);
 * these calls then act on that session's claim.
 */
export const CLAIMANT_PATHS = {
  /** GET: the claim the session is authorized for, as the claimant reads it. */
  status: '/api/claimant/claim',
  /** POST: the documents sent since the claim was marked deficient cure it. */
  cure: '/api/claimant/claim/cure',
  /** POST: an appeal of the denial, with the claimant's statement. */
  appeal: '/api/claimant/claim/appeal',
  /** POST: a new mailing address for the claim. */
  address: '/api/claimant/address',
  /** POST: a new payout election for the claim, until the case's cut-off. */
  payout: '/api/claimant/claim/payout',
} as const;

/** Longer than any appeal statement a web form asks for; a letter fits. */
export const MAX_APPEAL_STATEMENT_LENGTH = 4000;

const reasonSchema = z.object({
  code: z.string(),
  label: z.string(),
});

/**
 * The claim's payout election as the claimant reads it: the method (the paymentMethod option's
 * value and label) and its details, each labelled, account and phone numbers masked to their
 * last four digits (payout/methods.ts).
 */
export const payoutSummarySchema = z.object({
  method: z.string(),
  methodText: z.string(),
  details: z.array(z.object({ field: z.string(), label: z.string(), value: z.string() })),
  /** The method may be changed now (claim not settled, cut-off not passed). */
  changeOpen: z.boolean(),
  /** The last instant of the case's cut-off (ISO); null when the case sets none. */
  changeBy: z.string().nullable(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

export const claimStatusResponseSchema = z.object({
  referenceCode: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** The status in plain words, in the session's culture. */
  statusText: z.string(),
  filedAt: z.string(),
  /** The case's IANA time zone, in which the claimant reads the dates. */
  timeZone: z.string(),
  /** Each change of status, oldest first (ISO instants). */
  history: z.array(
    z.object({ at: z.string(), status: z.enum(CLAIM_STATUSES), statusText: z.string() }),
  ),
  // Written out, and z.nullable() below rather than a method of a schema: the bundler treats
  // only calls of z as free of side effects, and the browser needs the paths, not the schemas.
  /** While deficient: each reason with what to send. */
  deficiencies: z.array(z.object({ code: z.string(), label: z.string(), whatToSend: z.string() })),
  cureBy: z.string().nullable(),
  /** A cure may be sent now (deficient, window open). */
  cureOpen: z.boolean(),
  /** While denied: the reasons given. */
  denialReasons: z.array(reasonSchema),
  appealBy: z.string().nullable(),
  /** An appeal may be sent now (denied, window open). */
  appealOpen: z.boolean(),
  /** How the claim is paid; null for a claim without a payout election. */
  payout: z.nullable(payoutSummarySchema),
});
export type ClaimStatusResponse = z.infer<typeof claimStatusResponseSchema>;

export const appealRequestSchema = z.object({
  statement: z
    .string()
    .trim()
    .min(1, 'expected the grounds of the appeal')
    .max(MAX_APPEAL_STATEMENT_LENGTH, `expected at most ${MAX_APPEAL_STATEMENT_LENGTH} characters`),
});
export type AppealRequest = z.infer<typeof appealRequestSchema>;

/** The mailing address fields (journeys/journey-blocks.ts ADDRESS_FIELDS), as the form keeps them. */
export const addressChangeRequestSchema = z.object({
  address: z.record(z.string(), z.string().nullable()),
});
export type AddressChangeRequest = z.infer<typeof addressChangeRequestSchema>;

export const addressChangeResponseSchema = z.object({
  referenceCode: z.string(),
  changedAt: z.string(),
});
export type AddressChangeResponse = z.infer<typeof addressChangeResponseSchema>;

/**
 * The payment-election fields (contract/payment-election.ts PAYMENT_FIELDS) as the form keeps
 * them: the method's option value under paymentMethod, the method's details beside it. Checked
 * by the form's field rules and payout/election.ts, as at filing.
 */
export const payoutChangeRequestSchema = z.object({
  election: z.record(z.string(), z.string().nullable()),
});
export type PayoutChangeRequest = z.infer<typeof payoutChangeRequestSchema>;
