import { z } from 'zod';
import { strictObject } from '../case/schema-issues';

/**
 * The case definition's settings of the claim lifecycle: the reasons a reviewer may give for a
 * deficiency or a denial, and how long a claimant has to cure or to appeal. A claimant reads
 * each reason in their culture, so its label (and, for a deficiency, what to send) is a
 * content key, and every culture of the case gives it a text (case/content-checks.ts).
 *
 * The section is optional in the case definition; a case that reviews claims after intake
 * writes it, since only the case can word its reasons. Within it, the windows default to
 * DEFAULT_CURE_WINDOW_DAYS and DEFAULT_APPEAL_WINDOW_DAYS; the reasons have no default.
 *
 * ```yaml
 * lifecycle:
 *   cureWindowDays: 30
 *   appealWindowDays: 30
 *   uncuredDenialReason: deficiency_not_cured
 *   deficiencyReasons:
 *     - code: missing_receipt
 *       labelKey: LocKey_Deficiency_MissingReceipt
 *       whatToSendKey: LocKey_Deficiency_MissingReceipt_Send
 *   denialReasons:
 *     - code: deficiency_not_cured
 *       labelKey: LocKey_Denial_NotCured
 * ```
 */

export const reasonCodeSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]*$/,
    'expected a reason code of lowercase letters, digits and "_", such as missing_receipt',
  );

// The same form as the case definition's content keys. Declared here rather than imported
// from case-schema.ts, which includes this fragment and must not be imported back.
const contentKeySchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_.-]*$/,
    'expected a content key of letters, digits, "_", "." or "-", such as LocKey_Faq_Title',
  );

/** Courts set cure and appeal periods in days; a year is far beyond any of them. */
export const MAX_WINDOW_DAYS = 365;

/** The windows of a case that writes none: the 30 days settlements commonly give for each. */
export const DEFAULT_CURE_WINDOW_DAYS = 30;
export const DEFAULT_APPEAL_WINDOW_DAYS = 30;

const windowDaysSchema = z
  .number()
  .refine(Number.isInteger, {
    error: (issue) => `expected a whole number of days; got ${String(issue.input)}`,
  })
  .min(1, { error: (issue) => `must be at least 1 day; got ${String(issue.input)}` })
  .max(MAX_WINDOW_DAYS, {
    error: (issue) => `must be at most ${MAX_WINDOW_DAYS} days; got ${String(issue.input)}`,
  });

export const deficiencyReasonSchema = strictObject({
  code: reasonCodeSchema,
  labelKey: contentKeySchema,
  /** What the claimant sends to cure this deficiency. */
  whatToSendKey: contentKeySchema,
});
export type DeficiencyReason = z.infer<typeof deficiencyReasonSchema>;

export const denialReasonSchema = strictObject({
  code: reasonCodeSchema,
  labelKey: contentKeySchema,
});
export type DenialReason = z.infer<typeof denialReasonSchema>;

function duplicateCodes(
  reasons: readonly { code: string }[],
  list: string,
  what: string,
  ctx: z.RefinementCtx,
): void {
  const first = new Map<string, number>();
  reasons.forEach((reason, index) => {
    const seen = first.get(reason.code);
    if (seen === undefined) first.set(reason.code, index);
    else {
      ctx.addIssue({
        code: 'custom',
        path: [list, index, 'code'],
        message: `duplicate ${what} reason code "${reason.code}"; ${list}[${seen}] has it already`,
      });
    }
  });
}

export const lifecycleSettingsSchema = strictObject({
  /** Days a claimant has to cure a deficiency, counted from the day it is marked. */
  cureWindowDays: windowDaysSchema.default(DEFAULT_CURE_WINDOW_DAYS),
  /** Days a claimant has to appeal a denial, counted from the day it is made. */
  appealWindowDays: windowDaysSchema.default(DEFAULT_APPEAL_WINDOW_DAYS),
  deficiencyReasons: z.array(deficiencyReasonSchema).min(1, 'expected at least one reason'),
  denialReasons: z.array(denialReasonSchema).min(1, 'expected at least one reason'),
  /** The denial reason given when a cure window closes without a cure. */
  uncuredDenialReason: reasonCodeSchema,
}).superRefine((settings, ctx) => {
  duplicateCodes(settings.deficiencyReasons, 'deficiencyReasons', 'deficiency', ctx);
  duplicateCodes(settings.denialReasons, 'denialReasons', 'denial', ctx);
  const denialCodes = settings.denialReasons.map((reason) => reason.code);
  // An empty list is reported on denialReasons already.
  if (denialCodes.length > 0 && !denialCodes.includes(settings.uncuredDenialReason)) {
    ctx.addIssue({
      code: 'custom',
      path: ['uncuredDenialReason'],
      message: `unknown denial reason code "${settings.uncuredDenialReason}"; expected one of ${denialCodes.join(', ')}`,
    });
  }
});
export type LifecycleSettings = z.infer<typeof lifecycleSettingsSchema>;
