import type { AuditEntry } from './admin-api';

/**
 * The audit log's CSV export (GET /admin/api/audit/export.csv): RFC 4180, CRLF line ends,
 * UTF-8, one header line then one line per entry, newest first.
 */

export const AUDIT_CSV_COLUMNS = [
  'at',
  'actor',
  'role',
  'action',
  'claim',
  'document',
  'address',
  'details',
] as const;

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: quoted when it holds a comma, a quote or a line break; text a spreadsheet would
 * run as a formula is given a leading apostrophe, since the log holds what strangers typed
 * (an e-mail address at a refused sign-in, a search).
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export const AUDIT_CSV_HEADER = csvLine(AUDIT_CSV_COLUMNS);

export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([
    entry.at,
    entry.actorEmail,
    entry.actorRole,
    entry.action,
    entry.claimReference,
    entry.documentId,
    entry.ipAddress,
    entry.details,
  ]);
}
