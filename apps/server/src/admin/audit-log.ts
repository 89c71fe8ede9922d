import {
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  type AuditResponse,
  type PageSize,
} from '@claims/core/admin/admin-api';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema';
import { dayRangeInZone } from './day-range';

/**
 * The audit log: one append-only row per thing an administrator (or the command line) did,
 * with who, when, from which address and on what. Rows are never changed or removed.
 */

export interface AuditEvent {
  action: AuditAction;
  /** The administrator; for a refused sign-in, the e-mail address given; null for the system. */
  actorEmail: string | null;
  actorRole: AdminRole | null;
  claimReference?: string | null;
  documentId?: string | null;
  ipAddress: string | null;
  /** The rest in words: a transition and its reasons, a search's filters, a refusal's cause. */
  details?: string | null;
}

/**
 * Appends one event. Pass the transaction of the change it records, so the change and its
 * audit row are written together or not at all.
 */
export async function writeAuditEvent(
  db: Kysely<Database> | Transaction<Database>,
  event: AuditEvent,
  at: Date,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: at.toISOString(),
      action: event.action,
      actor_email: event.actorEmail,
      actor_role: event.actorRole,
      claim_reference: event.claimReference ?? null,
      document_id: event.documentId ?? null,
      ip_address: event.ipAddress,
      details: event.details ?? null,
    })
    .execute();
}

/** The filters of an audit query, without its page. */
export type AuditFilters = Omit<AuditQuery, 'page' | 'pageSize'>;

type AuditSelect = SelectQueryBuilder<Database, 'audit_log', object>;

function filtered(db: Kysely<Database>, filters: AuditFilters, timeZone: string): AuditSelect {
  let query: AuditSelect = db.selectFrom('audit_log');
  if (filters.action !== undefined) query = query.where('action', '=', filters.action);
  const actor = filters.actor?.trim();
  if (actor) {
    query = query.where((eb) => eb(eb.fn('lower', ['actor_email']), '=', actor.toLowerCase()));
  }
  const claim = filters.claim?.trim();
  if (claim) {
    query = query.where((eb) => eb(eb.fn('upper', ['claim_reference']), '=', claim.toUpperCase()));
  }
  const range = dayRangeInZone(filters.from, filters.to, timeZone);
  if (range.from !== undefined) query = query.where('at', '>=', range.from);
  if (range.before !== undefined) query = query.where('at', '<', range.before);
  return query;
}

type AuditRow = Pick<
  AuditLogTable,
  | 'at'
  | 'action'
  | 'actor_email'
  | 'actor_role'
  | 'claim_reference'
  | 'document_id'
  | 'ip_address'
  | 'details'
> & { id: number | string };

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    action: row.action,
    claimReference: row.claim_reference,
    documentId: row.document_id,
    ipAddress: row.ip_address,
    details: row.details,
  };
}

const COLUMNS = [
  'id',
  'at',
  'action',
  'actor_email',
  'actor_role',
  'claim_reference',
  'document_id',
  'ip_address',
  'details',
] as const;

/**
 * One page of the entries the query matches, newest first (entries of one instant in the
 * order written, last first); days are read in `timeZone`, the case's.
 */
export async function listAuditEvents(
  db: Kysely<Database>,
  query: AuditQuery,
  timeZone: string,
): Promise<AuditResponse> {
  const { page, pageSize, ...filters } = query;
  const counted = await filtered(db, filters, timeZone)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filters, timeZone)
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: rows.map(toEntry),
    total: Number(counted.total),
    page,
    pageSize: pageSize as PageSize,
  };
}

/** How many rows streamAuditEvents reads at a time. */
const STREAM_BATCH = 500;

/**
 * Every entry the filters match, newest first, read a batch at a time so that an export of
 * a long log does not hold it all in memory.
 */
export async function* streamAuditEvents(
  db: Kysely<Database>,
  filters: AuditFilters,
  timeZone: string,
): AsyncGenerator<AuditEntry> {
  let before: number | undefined;
  for (;;) {
    let query = filtered(db, filters, timeZone);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.select(COLUMNS).orderBy('id', 'desc').limit(STREAM_BATCH).execute();
    for (const row of rows) yield toEntry(row);
    if (rows.length < STREAM_BATCH) return;
    before = Number(rows[rows.length - 1]!.id);
  }
}
