import {
  CLAIM_FORM_TYPES,
  CLAIMS_COUNT_LIMIT,
  type ClaimSortField,
  type ClaimsQuery,
  type ClaimsResponse,
  type ClaimSummary,
  type FraudDecision,
} from '@claims/core/admin/admin-api';
import { FORM_TYPES, type FormType } from '@claims/core/form-types';
import { formatReferenceCode } from '@claims/core/ids/reference-code';
import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { dayRangeInZone } from '../day-range';
import type { ClaimRow } from './claim-detail';
import { listedClaim, readPage } from './claim-list-page';
import { searchableId, searchableName } from './claim-search';

/**
 * The review queue: claims filtered, searched, sorted and paged in the database. The status and
 * form type filters and the default sort (filing date) use the claims' indexes
 * (claim-lifecycle-migration.ts, claim-queue-migration.ts): one status and one form type are
 * counted from claims_queue_filter alone and read from it in filing order. A search's reference
 * code, Notice ID and VIN must match whole and use their indexes. A name or e-mail search finds
 * text anywhere in them, which no B-tree index serves: it reads the normalised columns of the
 * claims the other filters leave, never their JSON.
 */

/** The column each sort field orders by, and whether a claim may have none. */
const SORT_COLUMNS: Readonly<Record<ClaimSortField, { column: string; nullable: boolean }>> = {
  filedAt: { column: 'claims.created_at', nullable: false },
  referenceCode: { column: 'claims.reference_code', nullable: false },
  claimantName: { column: 'claims.claimant_name', nullable: true },
  formType: { column: 'claims.form_type', nullable: false },
  status: { column: 'claims.status', nullable: false },
  fraudScore: { column: 'fraud.score', nullable: true },
};

/** The form types of the claims table that are not claims of the queue: none is ever listed. */
const NOT_LISTED: readonly FormType[] = FORM_TYPES.filter(
  (formType) => !(CLAIM_FORM_TYPES as readonly FormType[]).includes(formType),
);

/** A LIKE pattern matching text that contains `text`, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function like(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${containing(text)} escape '\\'`;
}

/** The queue's filters and search; exports take the same filters (data-io/claims-export.ts). */
export type ClaimFilters = Pick<
  ClaimsQuery,
  'status' | 'formType' | 'fraud' | 'filedFrom' | 'filedTo' | 'q'
>;

/**
 * The claims the filters match, without their fraud assessment (join it with `withFraud`), so
 * that a count reads the claims' indexes alone.
 */
export function matching(db: Kysely<Database>, query: ClaimFilters, timeZone: string) {
  const formTypes = new Set<FormType>(query.formType?.length ? query.formType : CLAIM_FORM_TYPES);
  let select = db.selectFrom('claims');
  // Every claim form asked for is said as the forms left out: a condition no index serves, so
  // the database reads in the order asked for (claims_filed) rather than sorting what the
  // form type index finds of each form.
  select =
    formTypes.size === CLAIM_FORM_TYPES.length
      ? select.where('claims.form_type', 'not in', NOT_LISTED)
      : select.where('claims.form_type', 'in', [...formTypes]);
  if (query.status?.length) select = select.where('claims.status', 'in', query.status);
  if (query.fraud?.length) {
    const decisions = query.fraud;
    select = select.where('claims.id', 'in', (eb) =>
      eb
        .selectFrom('claim_fraud_assessments')
        .select('claim_fraud_assessments.claim_id')
        .where('claim_fraud_assessments.decision', 'in', decisions),
    );
  }
  const range = dayRangeInZone(query.filedFrom, query.filedTo, timeZone);
  if (range.from !== undefined) select = select.where('claims.created_at', '>=', range.from);
  if (range.before !== undefined) select = select.where('claims.created_at', '<', range.before);
  const search = query.q?.trim();
  if (search) {
    const id = searchableId(search);
    const name = searchableName(search);
    select = select.where((eb) =>
      eb.or([
        eb('claims.reference_code', '=', formatReferenceCode(search)),
        eb('claims.search_notice_id', '=', id),
        eb('claims.search_vin', '=', id),
        like('claims.search_email', search.toLowerCase()),
        ...(name === '' ? [] : [like('claims.search_name', name)]),
      ]),
    );
  }
  return select;
}

type QueueRow = ClaimRow & { fraud_score: number | null; fraud_decision: string | null };

function toSummary(row: QueueRow): ClaimSummary {
  return {
    ...listedClaim(row),
    fraudScore: row.fraud_score === null ? null : Number(row.fraud_score),
    fraudDecision: row.fraud_decision as FraudDecision | null,
    cureBy: row.cure_by,
    appealBy: row.appeal_by,
  };
}

/** The claims the filters match, joined to their fraud assessment as `fraud`. */
export function filtered(db: Kysely<Database>, query: ClaimFilters, timeZone: string) {
  return matching(db, query, timeZone).leftJoin(
    'claim_fraud_assessments as fraud',
    'fraud.claim_id',
    'claims.id',
  );
}

/** How many claims the filters match; with `limit`, no more than limit + 1 are counted. */
export async function countMatching(
  db: Kysely<Database>,
  query: ClaimFilters,
  timeZone: string,
  limit?: number,
): Promise<number> {
  const claims = matching(db, query, timeZone);
  const counted = await (
    limit === undefined
      ? claims.select((eb) => eb.fn.countAll<number | string>().as('total'))
      : db
          .selectFrom(
            claims
              .select(sql<number>`1`.as('one'))
              .limit(limit + 1)
              .as('counted'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
  ).executeTakeFirstOrThrow();
  return Number(counted.total);
}

/** The claims the filters match, with what the queue shows of each. */
function listed(db: Kysely<Database>, query: ClaimFilters, timeZone: string) {
  return filtered(db, query, timeZone)
    .selectAll('claims')
    .select(['fraud.score as fraud_score', 'fraud.decision as fraud_decision']);
}

/**
 * The claims of several statuses in filing order: each status read in that order from its
 * index as far as the page's end, the lists then merged. One IN list of statuses would have
 * the database sort every claim they match, at a million claims seconds per page.
 */
function filedOrderOfStatuses(
  db: Kysely<Database>,
  query: ClaimsQuery,
  statuses: readonly ClaimStatus[],
  timeZone: string,
) {
  const end = query.page * query.pageSize;
  const [first, ...others] = statuses.map((status) =>
    db
      .selectFrom(
        listed(db, { ...query, status: [status] }, timeZone)
          .orderBy('claims.created_at', query.order)
          .orderBy('claims.id', query.order)
          .limit(end)
          .as('one_status'),
      )
      .selectAll(),
  );
  const merged = others.reduce((all, next) => all.unionAll(next), first!);
  return db
    .selectFrom(merged.as('merged'))
    .selectAll()
    .orderBy('merged.created_at', query.order)
    .orderBy('merged.id', query.order);
}

function ordered(db: Kysely<Database>, query: ClaimsQuery, timeZone: string) {
  const statuses = query.status ?? [];
  if (query.sort === 'filedAt' && statuses.length > 1) {
    return filedOrderOfStatuses(db, query, statuses, timeZone);
  }
  const { column, nullable } = SORT_COLUMNS[query.sort];
  let select = listed(db, query, timeZone);
  // Claims without a name or a score sort last on both databases, whichever the order. Only
  // those columns get the extra term: on the others the order is an index's own.
  if (nullable) {
    select = select.orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`);
  }
  return select.orderBy(sql.ref(column), query.order).orderBy('claims.id', query.order);
}

export async function listClaims(
  db: Kysely<Database>,
  query: ClaimsQuery,
  timeZone: string,
  countLimit: number = CLAIMS_COUNT_LIMIT,
): Promise<ClaimsResponse> {
  const limit = Math.max(countLimit, query.page * query.pageSize);
  const counted = await countMatching(db, query, timeZone, limit);
  const page = await readPage(
    ordered(db, query, timeZone),
    query,
    Math.min(counted, limit),
    (row) => toSummary(row as QueueRow),
  );
  return { ...page, moreThanTotal: counted > limit };
}
