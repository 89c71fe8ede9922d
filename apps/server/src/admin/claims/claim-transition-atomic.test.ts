import { claimTransitionsPath } from '@claims/core/admin/admin-api';
import { describe, expect, it, vi } from 'vitest';
import type * as AuditLog from '../audit-log';
import type { AuditEvent } from '../audit-log';
import { useAdminTestApp } from './testing/admin-test-app';
import { fileTestClaim } from './testing/claim-fixtures';

// The audit log refuses to record status changes, as a full disk or a lost connection would.
vi.mock('../audit-log', async (importOriginal) => {
  const original = await importOriginal<typeof AuditLog>();
  return {
    ...original,
    writeAuditEvent: async (...args: Parameters<typeof original.writeAuditEvent>) => {
      const event: AuditEvent = args[1];
      if (event.action === 'claim_transition') throw new Error('the audit log cannot be written');
      return original.writeAuditEvent(...args);
    },
  };
});

const env = useAdminTestApp(['reviewer']);
const reviewer = () => env.browser('reviewer');

describe('a transition whose audit row cannot be written', () => {
  it('leaves the claim, its history and the audit log as they were', async () => {
    const claim = await fileTestClaim(env.app);

    const response = await reviewer().request({
      method: 'POST',
      url: claimTransitionsPath(claim.id),
      payload: { transition: 'start_review', expectedStatus: 'received' },
    });

    expect(response.statusCode).toBe(500);
    const row = await env.app.db
      .selectFrom('claims')
      .select('status')
      .where('id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('received');
    const history = await env.app.db
      .selectFrom('claim_history')
      .select('transition')
      .where('claim_id', '=', claim.id)
      .execute();
    expect(history).toEqual([{ transition: 'filed' }]);
    const audit = await env.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('claim_reference', '=', claim.referenceCode)
      .execute();
    expect(audit).toEqual([]);
  });
});
