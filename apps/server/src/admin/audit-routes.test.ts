import {
  auditExportPath,
  auditPath,
  claimPath,
  type AuditResponse,
} from '@claims/core/admin/admin-api';
import { AUDIT_CSV_HEADER } from '@claims/core/admin/audit-csv';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestClaim, type FiledTestClaim } from './claims/testing/claim-fixtures';
import type { AdminBrowser } from './testing/admin-test-kit';
import { useAdminTestApp } from './claims/testing/admin-test-app';

const env = useAdminTestApp(['supervisor']);
let app: FastifyInstance;
let supervisor: AdminBrowser;
let claim: FiledTestClaim;

beforeAll(async () => {
  ({ app } = env);
  supervisor = env.browser('supervisor');
  claim = await fileTestClaim(app);
  await supervisor.request({ method: 'GET', url: claimPath(claim.id) });
});

describe('the audit log through the admin API', () => {
  it('pages through the entries a filter matches, newest first', async () => {
    const response = await supervisor.request({
      method: 'GET',
      url: auditPath({ claim: claim.referenceCode.toLowerCase() }),
    });

    expect(response.statusCode).toBe(200);
    const page = response.json<AuditResponse>();
    expect(page.items.map((item) => [item.action, item.claimReference])).toEqual([
      ['claim_viewed', claim.referenceCode],
    ]);
  });

  it('records each look at the log', async () => {
    await supervisor.request({ method: 'GET', url: auditPath({ action: 'sign_in' }) });

    const response = await supervisor.request({
      method: 'GET',
      url: auditPath({ action: 'audit_viewed' }),
    });
    expect(response.json<AuditResponse>().items[0]).toMatchObject({
      action: 'audit_viewed',
      actorEmail: supervisor.email,
      details: 'action=audit_viewed',
    });
  });

  it('exports the matching entries as a CSV attachment, and records the export', async () => {
    const response = await supervisor.request({
      method: 'GET',
      url: auditExportPath({ claim: claim.referenceCode }),
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(`${lines[0]}\r\n`).toBe(AUDIT_CSV_HEADER);
    expect(lines.slice(1, -1)).toEqual([
      expect.stringContaining(`,claim_viewed,${claim.referenceCode},`),
    ]);
    const exported = await app.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(exported).toEqual({ action: 'audit_exported', details: `claim=${claim.referenceCode}` });
  });

  it('exports every entry when there are more than one read at a time', async () => {
    const rows = Array.from({ length: 1200 }, (_, index) => ({
      at: new Date(Date.UTC(2027, 0, 1, 0, 0, index)).toISOString(),
      action: 'claim_viewed' as const,
      actor_email: 'bulk@example.org',
      actor_role: 'viewer' as const,
      claim_reference: null,
      document_id: null,
      ip_address: '127.0.0.1',
      details: null,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await app.db
        .insertInto('audit_log')
        .values(rows.slice(start, start + 200))
        .execute();
    }

    const response = await supervisor.request({
      method: 'GET',
      url: auditExportPath({ actor: 'BULK@example.org' }),
    });

    expect(response.body.split('\r\n').length - 2).toBe(1200);
  });
});
