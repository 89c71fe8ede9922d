import { z } from 'zod';
import { FRAUD_DECISIONS } from '../fraud/score';
import { CLAIM_STATUSES, type ClaimStatus } from '../lifecycle/transitions';
import { withQuery } from '../routes';
import {
  ADMIN_API_BASE,
  CLAIM_FORM_TYPES,
  DEFAULT_PAGE_SIZE,
  listPage,
  MAX_NOTE_LENGTH,
  pageQueryFields,
  type AdminEndpoint,
} from './admin-api';

/**
 * The fraud queue of the admin API (docs/behaviour.md#fraud-holds): the claims held by their
 * fraud score, lowest score first; each claim's cluster, the claims sharing a key with it; and
 * the release of a hold, a supervisor's decision recorded beside the claim. A held claim is
 * denied as any claim is, by the deny transition with a denial reason the claimant can appeal.
 */

/**
 * The statuses in which a held claim waits in the fraud queue: not yet decided. A claim denied
 * or withdrawn leaves the queue, whatever its score.
 */
export const UNDECIDED_STATUSES = [
  'received',
  'in_review',
  'deficient',
  'cured',
] as const satisfies readonly ClaimStatus[];

/**
 * The keys a claim is compared by with every other claim, whenever filed: the class member and
 * VIN, the normalised name and mailing address, and the keyed e-mail address, phone number and
 * payout account.
 */
export const MATCH_KEYS = ['member', 'vin', 'name', 'address', 'email', 'phone', 'payout'] as const;

/**
 * The keys a cluster is found by: the client's IP address and device cookie, and the match
 * keys. Network blocks are left out: a carrier's block holds many strangers.
 */
export const CLUSTER_KEYS = ['ip', 'device', ...MATCH_KEYS] as const;
export type ClusterKey = (typeof CLUSTER_KEYS)[number];

/** The most claims a cluster lists: the most recently filed. */
export const MAX_CLUSTER_CLAIMS = 50;

const isoInstantSchema = z.iso.datetime({ offset: true });

/** GET /admin/api/fraud/holds?page&pageSize */
export const fraudHoldsQuerySchema = z.object({ ...pageQueryFields });
export type FraudHoldsQuery = z.output<typeof fraudHoldsQuerySchema>;
export type FraudHoldsQueryInput = Partial<FraudHoldsQuery>;

/** A held claim in the fraud queue. */
export const fraudHoldSchema = z.object({
  id: z.string().min(1),
  referenceCode: z.string().min(1),
  formType: z.enum(CLAIM_FORM_TYPES),
  status: z.enum(CLAIM_STATUSES),
  filedAt: isoInstantSchema,
  claimantName: z.string().nullable(),
  score: z.number().int(),
  /** The reason codes of its deductions, most points first. */
  reasonCodes: z.array(z.string().min(1)),
});
export type FraudHold = z.infer<typeof fraudHoldSchema>;

export const fraudHoldsResponseSchema = listPage(fraudHoldSchema);
export type FraudHoldsResponse = z.infer<typeof fraudHoldsResponseSchema>;

/** Another claim of the cluster and the keys it shares with the claim. */
export const clusterClaimSchema = z.object({
  id: z.string().min(1),
  referenceCode: z.string().min(1),
  status: z.enum(CLAIM_STATUSES),
  filedAt: isoInstantSchema,
  claimantName: z.string().nullable(),
  fraudScore: z.number().int().nullable(),
  fraudDecision: z.enum(FRAUD_DECISIONS).nullable(),
  shared: z.array(z.enum(CLUSTER_KEYS)).min(1),
});
export type ClusterClaim = z.infer<typeof clusterClaimSchema>;

/** A supervisor's release of a claim's fraud hold. */
export const fraudReleaseSchema = z.object({
  at: isoInstantSchema,
  actorEmail: z.string().min(1),
  note: z.string(),
});
export type FraudRelease = z.infer<typeof fraudReleaseSchema>;

/** GET /admin/api/fraud/claims/:claimId */
export const fraudClaimResponseSchema = z.object({
  claimId: z.string().min(1),
  referenceCode: z.string().min(1),
  /** Scored below the hold threshold, undecided and not released: in the fraud queue. */
  held: z.boolean(),
  /** Set once a supervisor released the hold; the score and its reasons stay as they are. */
  release: fraudReleaseSchema.nullable(),
  /** Most recently filed first, at most MAX_CLUSTER_CLAIMS. */
  cluster: z.array(clusterClaimSchema),
  /** More claims share a key than the cluster lists. */
  clusterTruncated: z.boolean(),
});
export type FraudClaimResponse = z.infer<typeof fraudClaimResponseSchema>;

/** POST /admin/api/fraud/claims/:claimId/release: why the hold is lifted. */
export const fraudReleaseRequestSchema = z.object({
  note: z.string().trim().min(1, 'say why the hold is lifted').max(MAX_NOTE_LENGTH),
});
export type FraudReleaseRequest = z.infer<typeof fraudReleaseRequestSchema>;

export const FRAUD_API_PATHS = {
  holds: `${ADMIN_API_BASE}/fraud/holds`,
  claims: `${ADMIN_API_BASE}/fraud/claims`,
} as const;

export function fraudHoldsPath(query: FraudHoldsQueryInput): string {
  const params: Record<string, string> = {};
  if (query.page !== undefined && query.page !== 1) params.page = String(query.page);
  if (query.pageSize !== undefined && query.pageSize !== DEFAULT_PAGE_SIZE) {
    params.pageSize = String(query.pageSize);
  }
  return withQuery(FRAUD_API_PATHS.holds, params);
}

export function fraudClaimPath(claimId: string): string {
  return `${FRAUD_API_PATHS.claims}/${encodeURIComponent(claimId)}`;
}

export function fraudReleasePath(claimId: string): string {
  return `${fraudClaimPath(claimId)}/release`;
}

export const FRAUD_ENDPOINTS = {
  fraudHolds: {
    method: 'GET',
    path: FRAUD_API_PATHS.holds,
    access: 'claims:read',
    query: fraudHoldsQuerySchema,
    response: fraudHoldsResponseSchema,
  },
  fraudClaim: {
    method: 'GET',
    path: `${FRAUD_API_PATHS.claims}/:claimId`,
    access: 'claims:read',
    response: fraudClaimResponseSchema,
  },
  releaseFraudHold: {
    method: 'POST',
    path: `${FRAUD_API_PATHS.claims}/:claimId/release`,
    access: 'fraud:release',
    body: fraudReleaseRequestSchema,
    response: fraudClaimResponseSchema,
  },
} as const satisfies Record<string, AdminEndpoint>;
