import { z } from 'zod';
import { DEADLINE_NAMES } from '../deadlines/deadline-names';
import { CLAIM_STATUSES, type ClaimStatus } from '../lifecycle/transitions';
import { ADMIN_API_BASE, CLAIM_FORM_TYPES, type AdminEndpoint } from './admin-api';

/**
 * GET /admin/api/dashboard (docs/behaviour.md#data-in-and-out): the figures the console's
 * dashboard plots, counted in the database. Claims are the Standard and Automotive filings
 * (a DocumentsUpload submission belongs to the claim it adds to). Days are days in the case's
 * time zone.
 */

const isoInstant = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);

/** How many claims of each form type. */
export const formTypeCountsSchema = z.object(
  Object.fromEntries(CLAIM_FORM_TYPES.map((formType) => [formType, count])) as Record<
    (typeof CLAIM_FORM_TYPES)[number],
    typeof count
  >,
);
export type FormTypeCounts = z.infer<typeof formTypeCountsSchema>;

/** How many claims at each status, every status listed. */
export const statusCountsSchema = z.object(
  Object.fromEntries(CLAIM_STATUSES.map((status) => [status, count])) as Record<
    ClaimStatus,
    typeof count
  >,
);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const dashboardResponseSchema = z.object({
  /** The server's clock when it counted: deadlines count down from here. */
  asOf: isoInstant,
  /** The case's IANA time zone, in which the days are counted. */
  timeZone: z.string().min(1),
  /** How many class members the case expects to claim; null when the case does not say. */
  expectedClassSize: z.number().int().min(1).nullable(),
  totalClaims: count,
  /**
   * Every day from the first filing day to the day of `asOf`, oldest first, days without a
   * claim included; empty before the first claim.
   */
  claimsPerDay: z.array(z.object({ day: z.iso.date(), counts: formTypeCountsSchema })),
  byStatus: statusCountsSchema,
  /**
   * Claims the fraud score held, by where they stand now; `waiting`: those still in the fraud
   * holds, neither decided nor released by a supervisor (docs/behaviour.md#fraud-holds).
   */
  fraudHolds: z.object({ total: count, waiting: count, byStatus: statusCountsSchema }),
  /** Deficient claims by the instant their cure window closes, soonest first. */
  awaitingCure: z.array(z.object({ cureBy: isoInstant, claims: count.min(1) })),
  /** The case's deadlines, soonest first. */
  deadlines: z.array(z.object({ name: z.enum(DEADLINE_NAMES), at: isoInstant })),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const DASHBOARD_PATH = `${ADMIN_API_BASE}/dashboard`;

export const DASHBOARD_ENDPOINTS = {
  dashboard: {
    method: 'GET',
    path: DASHBOARD_PATH,
    access: 'claims:read',
    response: dashboardResponseSchema,
  },
} as const satisfies Record<string, AdminEndpoint>;

/** Every status at zero: the start of a count. */
export function emptyStatusCounts(): StatusCounts {
  return Object.fromEntries(CLAIM_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/** Whole days and hours from `from` to `to` (ISO instants); zero once `to` has passed. */
export function timeLeft(from: string, to: string): { days: number; hours: number } {
  const hours = Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 3_600_000));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
