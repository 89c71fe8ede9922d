import type { ClaimSortField, ClaimSummary, SortOrder } from '@claims/core/admin/admin-api';
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../lib/format';
import { FORM_TYPE_LABELS, FRAUD_DECISION_LABELS, STATUS_LABELS } from '../../lib/labels';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, ClaimSummary>();

function columnsFor(zone: string, selectable: boolean) {
  const columns = helper.columns([
    helper.display({
      id: 'select',
      enableSorting: false,
      header: ({ table }) => (
        <input
          type="checkbox"
          className="form-check-input"
          aria-label="Select every claim on this page"
          checked={table.getIsAllRowsSelected()}
          ref={(input) => {
            if (input !== null) {
              input.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
            }
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={`Select claim ${row.original.referenceCode}`}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    }),
    helper.accessor('referenceCode', {
      header: 'Reference code',
      cell: ({ row }) => (
        <Link to={`/claims/${encodeURIComponent(row.original.id)}`}>
          {row.original.referenceCode}
        </Link>
      ),
    }),
    helper.accessor('claimantName', {
      header: 'Claimant',
      cell: ({ getValue }) => getValue() ?? '—',
    }),
    helper.accessor('formType', {
      header: 'Form',
      cell: ({ getValue }) => FORM_TYPE_LABELS[getValue()],
    }),
    helper.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => STATUS_LABELS[getValue()],
    }),
    helper.accessor('filedAt', {
      header: 'Filed',
      cell: ({ getValue }) => formatInstant(getValue(), zone),
    }),
    helper.accessor('fraudScore', {
      header: 'Fraud score',
      cell: ({ row }) =>
        row.original.fraudScore === null || row.original.fraudDecision === null
          ? 'Not scored'
          : `${row.original.fraudScore} (${FRAUD_DECISION_LABELS[row.original.fraudDecision]})`,
    }),
  ]);
  return selectable ? columns : columns.slice(1);
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * One page of the queue. Sorting is the server's: a column's button asks for the page sorted
 * by it, and its header says how the list is sorted now. Rows are selected for bulk actions.
 */
export function ClaimsTable({
  claims,
  timeZone,
  sort,
  order,
  onSort,
  selectable,
  selection,
  onSelectionChange,
}: {
  claims: ClaimSummary[];
  timeZone: string;
  sort: ClaimSortField;
  order: SortOrder;
  onSort: (sort: ClaimSortField, order: SortOrder) => void;
  /** Whether rows can be chosen for bulk actions: not for a role that changes nothing. */
  selectable: boolean;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
}) {
  const columns = useMemo(() => columnsFor(timeZone, selectable), [timeZone, selectable]);
  const sorting = useMemo<SortingState>(
    () => [{ id: sort, desc: order === 'desc' }],
    [sort, order],
  );
  const table = useTable({
    features,
    columns,
    data: claims,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    // A new column sorts ascending first: the lowest fraud scores are the riskiest claims.
    sortDescFirst: false,
    state: { sorting, rowSelection: selection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first !== undefined) onSort(first.id as ClaimSortField, first.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      onSelectionChange(typeof updater === 'function' ? updater(selection) : updater);
    },
  });

  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle">
        <caption className="visually-hidden">
          Claims, sorted by the column marked as sorted; column buttons sort by that column
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const sortable = header.column.getCanSort();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sortable ? (sorted === false ? 'none' : ARIA_SORT[sorted]) : undefined
                    }
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="btn btn-link p-0 fw-bold text-decoration-none text-reset"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className="ms-1">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? 'table-active' : undefined}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
