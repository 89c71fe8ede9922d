import {
  CLAIM_FORM_TYPES,
  type ClaimSortField,
  type ClaimsQuery,
  type ClaimsResponse,
  type ClaimSummary,
  type FraudDecision,
} from '@claims/core/admin/admin-api';
import { formatReferenceCode } from '@claims/core/ids/reference-code';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { dayRangeInZone } from '../day-range';
import type { ClaimRow } from './claim-detail';
import { listedClaim, readPage } from './claim-list-page';
import { searchableId, searchableName } from './claim-search';

/**
 * The review queue: claims filtered, searched, sorted and paged in the database. The status and
 * form type filters and the default sort (filing date) use the claim-lifecycle migration's
 * indexes, as do a search's reference code, Notice ID and VIN, which must match whole. A name
 * or e-mail search finds text anywhere in them, which no B-tree index serves: it reads the
 * normalised columns of the claims the other filters leave, never their JSON.
 */

/** The column each sort field orders by. */
const SORT_COLUMNS: Readonly<Record<ClaimSortField, string>> = {
  filedAt: 'claims.created_at',
  referenceCode: 'claims.reference_code',
  claimantName: 'claims.claimant_name',
  formType: 'claims.form_type',
  status: 'claims.status',
  fraudScore: 'fraud.score',
};

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

/** The claims the filters match, joined to their fraud assessment as `fraud`. */
export function filtered(db: Kysely<Database>, query: ClaimFilters, timeZone: string) {
  const formTypes = query.formType?.length ? query.formType : CLAIM_FORM_TYPES;
  let select = db
    .selectFrom('claims')
    .leftJoin('claim_fraud_assessments as fraud', 'fraud.claim_id', 'claims.id')
    .where('claims.form_type', 'in', formTypes);
  if (query.status?.length) select = select.where('claims.status', 'in', query.status);
  if (query.fraud?.length) select = select.where('fraud.decision', 'in', query.fraud);
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

export async function listClaims(
  db: Kysely<Database>,
  query: ClaimsQuery,
  timeZone: string,
): Promise<ClaimsResponse> {
  const counted = await filtered(db, query, timeZone)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[query.sort];
  const ordered = filtered(db, query, timeZone)
    .selectAll('claims')
    .select(['fraud.score as fraud_score', 'fraud.decision as fraud_decision'])
    // Claims without a name or a score sort last on both databases, whichever the order.
    .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
    .orderBy(sql.ref(column), query.order)
    .orderBy('claims.id', query.order);
  return readPage(ordered, query, counted.total, (row) => toSummary(row as QueueRow));
}
