import type { DataJobKind, DataJobState, ImportMode } from '@claims/core/admin/data-io-api';

/** The words the imports and exports pages use for the contract's names. */

export const JOB_KIND_LABELS = {
  'class-list': 'Class list',
  'vehicle-list': 'Vehicle list',
  'payout-results': 'Payout results',
  'claims-csv': 'Claims as CSV',
  'claims-jsonl': 'Claims as JSON lines',
  'documents-zip': 'Documents as a ZIP',
} as const satisfies Record<DataJobKind, string>;

export const JOB_STATE_LABELS = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
} as const satisfies Record<DataJobState, string>;

export const IMPORT_MODE_LABELS = {
  'all-or-nothing': 'All or nothing: change nothing if any row is refused',
  'valid-only': 'Valid rows only: load them and report the others',
} as const satisfies Record<ImportMode, string>;

const numbers = new Intl.NumberFormat('en-US');

/** "1,200": a count as the administrator reads it. */
export function formatCount(value: number): string {
  return numbers.format(value);
}

/** "1 row", "3 rows". */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}
