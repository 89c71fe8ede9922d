import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { strictObject } from '../case/schema-issues';
import { DEADLINE_FORMATS } from '../deadlines/deadlines';
import type { ClaimStatus } from '../lifecycle/transitions';
import { isWindowOpen } from '../lifecycle/windows';
import {
  PAYOUT_METHOD_IDS,
  isPayoutMethodId,
  unknownPayoutMethodMessage,
  type PayoutMethodId,
} from './methods';

/**
 * The case definition's payout settings: the methods the payment-election page offers, in the
 * order it shows them, and the last day a claimant may change the method they chose.
 *
 * ```yaml
 * payout:
 *   methods: [paypal, ach, check]
 *   changeCutoff: 06/30/2036
 * ```
 */

/** The cut-off is a date only, written as the deadlines are. */
export const CHANGE_CUTOFF_FORMAT = DEADLINE_FORMATS[0];

export const payoutMethodIdSchema = z.string().pipe(
  z.custom<PayoutMethodId>((value) => isPayoutMethodId(value as string), {
    error: (issue) => unknownPayoutMethodMessage(String(issue.input)),
  }),
);

function parseCutoffDay(text: string, zone: string): DateTime {
  return DateTime.fromFormat(text, CHANGE_CUTOFF_FORMAT, { zone, locale: 'en-US' });
}

export const changeCutoffSchema = z.string().refine((text) => parseCutoffDay(text, 'UTC').isValid, {
  error: (issue) =>
    `invalid change cut-off "${String(issue.input)}"; expected a date as ${CHANGE_CUTOFF_FORMAT}, such as 06/30/2036`,
});

export const payoutSettingsSchema = strictObject({
  methods: z
    .array(payoutMethodIdSchema)
    .min(1, `expected at least one payout method, from ${PAYOUT_METHOD_IDS.join(', ')}`)
    .superRefine((methods, ctx) => {
      const first = new Map<string, number>();
      methods.forEach((method, index) => {
        const seen = first.get(method);
        if (seen === undefined) first.set(method, index);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `duplicate payout method "${method}"; methods[${seen}] has it already`,
          });
        }
      });
    }),
  /** The last day, in the case's time zone, on which a claimant may change their method. */
  changeCutoff: changeCutoffSchema,
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

/**
 * The last instant a payout method may be changed: the end of the cut-off day in the case's
 * IANA time zone (23:59:59.999 there), as deadlines of a date alone last the whole day.
 * Returned as an ISO instant in UTC.
 */
export function payoutChangeClosesAt(
  settings: Pick<PayoutSettings, 'changeCutoff'>,
  timeZone: string,
): string {
  if (!IANAZone.isValidZone(timeZone)) {
    throw new RangeError(`Unknown time zone "${timeZone}"; expected an IANA zone name`);
  }
  const day = parseCutoffDay(settings.changeCutoff, timeZone);
  if (!day.isValid) {
    throw new RangeError(
      `invalid change cut-off "${settings.changeCutoff}"; expected a date as ${CHANGE_CUTOFF_FORMAT}`,
    );
  }
  return day.endOf('day').toUTC().toISO() as string;
}

/** Whether a claimant may still change their payout method: through the cut-off's last instant. */
export function canChangePayout(
  now: Date,
  settings: Pick<PayoutSettings, 'changeCutoff'>,
  timeZone: string,
): boolean {
  return isWindowOpen(payoutChangeClosesAt(settings, timeZone), now);
}

/** A claim in these states is settled one way or the other: its payout is no longer chosen. */
export const PAYOUT_SETTLED_STATUSES: readonly ClaimStatus[] = ['paid', 'denied', 'withdrawn'];

/**
 * Whether a claimant may change how a claim is paid now, and until when (an ISO instant, null
 * without a cut-off): not once the claim is paid, denied or withdrawn, and, when the case sets
 * a cut-off, not after its last instant.
 */
export function payoutChangeWindow(
  status: ClaimStatus,
  changeCutoff: string | undefined,
  timeZone: string,
  now: Date,
): { open: boolean; closesAt: string | null } {
  const closesAt =
    changeCutoff === undefined ? null : payoutChangeClosesAt({ changeCutoff }, timeZone);
  const settled = PAYOUT_SETTLED_STATUSES.includes(status);
  return { open: !settled && (closesAt === null || isWindowOpen(closesAt, now)), closesAt };
}
