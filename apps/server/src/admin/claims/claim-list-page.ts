import type { PageSize } from '@claims/core/admin/admin-api';
import type { ClaimRow } from './claim-detail';

/** What the console's lists of claims (the review queue, the fraud holds) show of each claim. */
export function listedClaim(row: ClaimRow) {
  return {
    id: row.id,
    referenceCode: row.reference_code,
    formType: row.form_type,
    status: row.status,
    filedAt: row.created_at,
    claimantName: row.claimant_name,
  };
}

/** An ordered select that can be read a page at a time. */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * The page the query asks for of the rows `select` orders, each made an item by `toItem`, with
 * `total`, the count of the rows on every page together.
 */
export async function readPage<Row, Item>(
  select: Pageable<Row>,
  query: { page: number; pageSize: PageSize },
  total: number | string,
  toItem: (row: Row) => Item,
) {
  const { page, pageSize } = query;
  const rows = await select
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map((row) => toItem(row)), total: Number(total), page, pageSize };
}
