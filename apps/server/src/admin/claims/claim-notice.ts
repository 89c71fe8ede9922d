import type { LifecycleEvent } from '@claims/core/lifecycle/apply-transition';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import type { LifecycleSettings } from '@claims/core/lifecycle/lifecycle-settings';
import { DateTime } from 'luxon';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClaimRow } from './claim-detail';

/**
 * The claimant's notice of a status change: an `email` job queued in the transaction of the
 * change, so it is sent if and only if the change commits.
 *
 * The case writes the notices: the copy of `LocKey_Email_ClaimStatus<Status>_Subject` and
 * `_Body` (e.g. LocKey_Email_ClaimStatusDeficient_Subject), with the placeholders
 * {referenceCode}, {reasons}, {whatToSend}, {cureBy} and {appealBy} (a staff note stays
 * internal). A status whose
 * copy the case does not define sends nothing: this is the one place that decides which
 * changes are told to the claimant and with what.
 */

/** The template of a status: ClaimStatusInReview for in_review. */
export function noticeTemplate(status: ClaimStatus): string {
  const pascal = status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return `ClaimStatus${pascal}`;
}

/** The claimant's e-mail address as filed, or null. */
function claimantEmail(claim: ClaimRow): string | null {
  const models = JSON.parse(claim.models) as {
    claimantInfo?: { fields?: { emailAddress?: unknown } } | null;
  };
  const address = models.claimantInfo?.fields?.emailAddress;
  return typeof address === 'string' && address.trim() !== '' ? address.trim() : null;
}

function day(instant: string | null, zone: string, culture: string): string {
  if (instant === null) return '';
  return DateTime.fromISO(instant, { zone }).setLocale(culture).toLocaleString(DateTime.DATE_FULL);
}

/**
 * Queues the notice of `event` through `trx` when the claim has an e-mail address and the case
 * has copy for the new status; returns whether it did.
 */
export async function queueStatusNotice(
  app: FastifyInstance,
  trx: Kysely<Database>,
  claim: ClaimRow,
  event: LifecycleEvent,
  settings: LifecycleSettings,
): Promise<boolean> {
  const to = claimantEmail(claim);
  if (to === null) return false;
  const { claimsCase } = app;
  const culture = claimsCase.enabledCulture(claim.culture) ?? claimsCase.defaultCulture;
  const template = noticeTemplate(event.to);
  if (claimsCase.text(culture, `LocKey_Email_${template}_Subject`) === undefined) return false;
  const say = (key: string) => claimsCase.text(culture, key) ?? key;
  const chosen = (reason: { code: string }) => event.reasonCodes.includes(reason.code);
  const reasons = [...settings.deficiencyReasons, ...settings.denialReasons].filter(chosen);
  const zone = claimsCase.projectTimeZone;
  await app.mailer.enqueue(trx, {
    template,
    to,
    culture,
    params: {
      referenceCode: claim.reference_code,
      reasons: reasons.map((reason) => say(reason.labelKey)).join('\n'),
      whatToSend: settings.deficiencyReasons
        .filter(chosen)
        .map((reason) => say(reason.whatToSendKey))
        .join('\n'),
      cureBy: day(event.cureBy, zone, culture),
      appealBy: day(event.appealBy, zone, culture),
    },
  });
  return true;
}
