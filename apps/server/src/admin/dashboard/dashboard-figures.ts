import { CLAIM_FORM_TYPES, type ClaimFormType } from '@claims/core/admin/admin-api';
import {
  emptyStatusCounts,
  type DashboardResponse,
  type FormTypeCounts,
  type StatusCounts,
} from '@claims/core/admin/dashboard-api';
import { CLAIM_STATUSES, type ClaimStatus } from '@claims/core/lifecycle/transitions';
import { DEADLINE_NAMES } from '@claims/core/deadlines/deadline-names';
import { sql, type Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { ClaimsCase } from '../../case/claims-case';
import type { Database } from '../../db/schema';
import { heldClaims } from '../fraud/fraud-holds';

/**
 * The dashboard's figures (DashboardResponse), counted by the database with GROUP BY over the
 * claims' indexed columns: form type and filing time (claims_queue_form_type), status
 * (claims_queue_status). Filings are counted per quarter hour of UTC, which no time zone's
 * midnight falls inside (every offset is a multiple of 15 minutes), and the quarters are then
 * added up into the case's days.
 */

/** `created_at` (an ISO instant in UTC) cut to its quarter hour: "2027-02-05T10:2" is 10:30. */
const QUARTER_HOUR = sql<string>`substr(claims.created_at, 1, 14) || cast(cast(substr(claims.created_at, 15, 2) as integer) / 15 as text)`;

function isStatus(value: string): value is ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

function statusCounts(rows: readonly { status: string; claims: number | string }[]): StatusCounts {
  const counts = emptyStatusCounts();
  for (const row of rows) if (isStatus(row.status)) counts[row.status] += Number(row.claims);
  return counts;
}

/** The instant a quarter-hour key stands for. */
function quarterStart(key: string): number {
  const hour = key.slice(0, 13);
  const quarter = Number(key.slice(14));
  return Date.parse(`${hour}:00:00.000Z`) + quarter * 15 * 60_000;
}

function emptyFormCounts(): FormTypeCounts {
  return Object.fromEntries(CLAIM_FORM_TYPES.map((formType) => [formType, 0])) as FormTypeCounts;
}

/** Every day from the first filing day to `today`, with the claims of each form type. */
async function claimsPerDay(
  db: Kysely<Database>,
  timeZone: string,
  today: string,
): Promise<DashboardResponse['claimsPerDay']> {
  const rows = await db
    .selectFrom('claims')
    .where('claims.form_type', 'in', CLAIM_FORM_TYPES)
    .select(['claims.form_type', QUARTER_HOUR.as('quarter')])
    .select((eb) => eb.fn.countAll<number | string>().as('claims'))
    .groupBy(['claims.form_type', QUARTER_HOUR])
    .execute();
  const byDay = new Map<string, FormTypeCounts>();
  for (const row of rows) {
    const day = DateTime.fromMillis(quarterStart(row.quarter), { zone: timeZone }).toISODate();
    if (day === null) continue;
    const counts = byDay.get(day) ?? emptyFormCounts();
    counts[row.form_type as ClaimFormType] += Number(row.claims);
    byDay.set(day, counts);
  }
  const days = [...byDay.keys()].sort();
  const first = days[0];
  if (first === undefined) return [];
  const last = days[days.length - 1]! > today ? days[days.length - 1]! : today;
  const series: DashboardResponse['claimsPerDay'] = [];
  for (
    let day = DateTime.fromISO(first, { zone: 'UTC' });
    day.toISODate()! <= last;
    day = day.plus({ days: 1 })
  ) {
    const key = day.toISODate()!;
    series.push({ day: key, counts: byDay.get(key) ?? emptyFormCounts() });
  }
  return series;
}

export async function dashboardFigures(
  db: Kysely<Database>,
  claimsCase: ClaimsCase,
  now: Date,
): Promise<DashboardResponse> {
  const timeZone = claimsCase.projectTimeZone;
  const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;
  const claims = db.selectFrom('claims').where('claims.form_type', 'in', CLAIM_FORM_TYPES);
  const [perDay, byStatus, holds, waiting, cures] = await Promise.all([
    claimsPerDay(db, timeZone, today),
    claims
      .select('claims.status')
      .select((eb) => eb.fn.countAll<number | string>().as('claims'))
      .groupBy('claims.status')
      .execute(),
    claims
      .innerJoin('claim_fraud_assessments as fraud', 'fraud.claim_id', 'claims.id')
      .where('fraud.decision', '=', 'hold')
      .select('claims.status')
      .select((eb) => eb.fn.countAll<number | string>().as('claims'))
      .groupBy('claims.status')
      .execute(),
    heldClaims(db)
      .select((eb) => eb.fn.countAll<number | string>().as('claims'))
      .executeTakeFirstOrThrow(),
    claims
      .where('claims.status', '=', 'deficient')
      .where('claims.cure_by', 'is not', null)
      .select('claims.cure_by')
      .select((eb) => eb.fn.countAll<number | string>().as('claims'))
      .groupBy('claims.cure_by')
      .orderBy('claims.cure_by')
      .execute(),
  ]);
  const statuses = statusCounts(byStatus);
  const holdCounts = statusCounts(holds);
  return {
    asOf: now.toISOString(),
    timeZone,
    expectedClassSize: claimsCase.definition.details.expectedClassSize ?? null,
    totalClaims: Object.values(statuses).reduce((sum, value) => sum + value, 0),
    claimsPerDay: perDay,
    byStatus: statuses,
    fraudHolds: {
      total: Object.values(holdCounts).reduce((sum, value) => sum + value, 0),
      waiting: Number(waiting.claims),
      byStatus: holdCounts,
    },
    awaitingCure: cures.map((row) => ({
      cureBy: new Date(row.cure_by as string).toISOString(),
      claims: Number(row.claims),
    })),
    deadlines: DEADLINE_NAMES.flatMap((name) => {
      const setting = claimsCase.deadlineSettings[name];
      return setting === undefined ? [] : [{ name, at: setting.deadline }];
    }).sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
  };
}
