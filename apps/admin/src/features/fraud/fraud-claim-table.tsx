import type { ClaimStatus } from '@claims/core/lifecycle/transitions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../lib/format';
import { STATUS_LABELS } from '../../lib/labels';

/** A claim as the fraud pages list it. */
interface ListedClaim {
  id: string;
  referenceCode: string;
  status: ClaimStatus;
  filedAt: string;
  claimantName: string | null;
}

/** A column between the claim's reference and its status. */
export interface FraudColumn<Row> {
  header: string;
  /** Numbers align right. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of claims: each reference linked to its page, the columns given, then status,
 * filing time and claimant.
 */
export function FraudClaimTable<Row extends ListedClaim>({
  caption,
  rows,
  columns,
  timeZone,
}: {
  caption: string;
  rows: readonly Row[];
  columns: readonly FraudColumn<Row>[];
  timeZone: string;
}) {
  const alignment = (column: FraudColumn<Row>) => (column.numeric ? 'text-end' : 'text-break');
  return (
    <div className="table-responsive">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={alignment(column)}>
                {column.header}
              </th>
            ))}
            <th scope="col">Status</th>
            <th scope="col">Filed</th>
            <th scope="col">Claimant</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/claims/${encodeURIComponent(row.id)}`}>{row.referenceCode}</Link>
              </th>
              {columns.map((column) => (
                <td key={column.header} className={alignment(column)}>
                  {column.cell(row)}
                </td>
              ))}
              <td>{STATUS_LABELS[row.status]}</td>
              <td>{formatInstant(row.filedAt, timeZone)}</td>
              <td>{row.claimantName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
