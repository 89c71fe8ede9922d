import {
  ADMIN_ENDPOINTS,
  auditQuerySchema,
  auditResponseSchema,
} from '@claims/core/admin/admin-api';
import { AUDIT_CSV_HEADER, auditCsvLine } from '@claims/core/admin/audit-csv';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ZodPlugin } from '../zod-type-provider';
import { requireAdminAccess, type SignedInAdmin } from './admin-request';
import {
  listAuditEvents,
  streamAuditEvents,
  writeAuditEvent,
  type AuditFilters,
} from './audit-log';

/**
 * The audit log's routes (ADMIN_ENDPOINTS audit and auditExport): a page of entries, and every
 * entry the filters match as CSV, streamed a batch at a time. Reading the log is itself
 * audited, before the answer.
 */

const exportQuerySchema = auditQuerySchema.omit({ page: true, pageSize: true });

function describeFilters(filters: AuditFilters): string | null {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
  return parts.length === 0 ? null : parts.join('&');
}

/** The file name of an export made at `at`, e.g. audit-log-2027-03-05.csv. */
function exportFileName(at: Date): string {
  return `audit-log-${at.toISOString().slice(0, 10)}.csv`;
}

async function* csvLines(entries: AsyncIterable<Parameters<typeof auditCsvLine>[0]>) {
  yield AUDIT_CSV_HEADER;
  for await (const entry of entries) yield auditCsvLine(entry);
}

const auditRoutes: ZodPlugin = async (app) => {
  const audit = async (
    request: FastifyRequest,
    action: 'audit_viewed' | 'audit_exported',
    filters: AuditFilters,
  ) => {
    const admin = request.admin as SignedInAdmin;
    await writeAuditEvent(
      app.db,
      {
        action,
        actorEmail: admin.email,
        actorRole: admin.role,
        ipAddress: request.ip,
        details: describeFilters(filters),
      },
      app.now(),
    );
  };

  app.get(
    ADMIN_ENDPOINTS.audit.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.audit.access),
      schema: { querystring: auditQuerySchema, response: { 200: auditResponseSchema } },
    },
    async (request) => {
      const { page: _page, pageSize: _pageSize, ...filters } = request.query;
      await audit(request, 'audit_viewed', filters);
      return listAuditEvents(app.db, request.query, app.claimsCase.projectTimeZone);
    },
  );

  app.get(
    ADMIN_ENDPOINTS.auditExport.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.auditExport.access),
      schema: { querystring: exportQuerySchema },
    },
    async (request, reply) => {
      await audit(request, 'audit_exported', request.query);
      const entries = streamAuditEvents(app.db, request.query, app.claimsCase.projectTimeZone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(app.now())}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(csvLines(entries)));
    },
  );
};

export default auditRoutes;
