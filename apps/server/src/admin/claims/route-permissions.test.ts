import {
  ADMIN_ENDPOINTS,
  type AdminEndpoint,
  type AdminEndpointName,
} from '@claims/core/admin/admin-api';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  hasPermission,
  type AdminPermission,
  type AdminRole,
} from '@claims/core/admin/admin-roles';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../testing/admin-test-kit';
import { useAdminTestApp } from './testing/admin-test-app';
import { fileTestClaim, TEST_PDF } from './testing/claim-fixtures';

/**
 * Every admin endpoint that needs a permission, from the contract's own list, so that a route
 * added there is checked here without anyone adding it: each role without the permission gets
 * 403, and nothing is done or audited.
 */

const env = useAdminTestApp(ADMIN_ROLES);
let app: FastifyInstance;
const browsers = new Map<AdminRole, AdminBrowser>();
let claimId: string;
let documentId: string;

beforeAll(async () => {
  ({ app } = env);
  for (const role of ADMIN_ROLES) browsers.set(role, env.browser(role));
  const claim = await fileTestClaim(app, { documents: [{ name: 'receipt.pdf', bytes: TEST_PDF }] });
  claimId = claim.id;
  const document = await app.db
    .selectFrom('documents')
    .select('id')
    .where('claim_id', '=', claimId)
    .executeTakeFirstOrThrow();
  documentId = document.id;
});

function isPermission(access: string): access is AdminPermission {
  return (ADMIN_PERMISSIONS as readonly string[]).includes(access);
}

const guarded = (Object.entries(ADMIN_ENDPOINTS) as [AdminEndpointName, AdminEndpoint][]).filter(
  ([, endpoint]) => isPermission(endpoint.access),
);

const cases = guarded.flatMap(([name, endpoint]) =>
  ADMIN_ROLES.filter((role) => !hasPermission(role, endpoint.access as AdminPermission)).map(
    (role) => ({ name, endpoint, role }),
  ),
);

/** A request the endpoint would accept from a role that has its permission. */
function requestTo(endpoint: AdminEndpoint) {
  const url = endpoint.path.replace(':claimId', claimId).replace(':documentId', documentId);
  if (endpoint.method === 'GET') return { method: 'GET' as const, url };
  const payload = endpoint.path.endsWith('bulk-transitions')
    ? { transition: 'start_review', claimIds: [claimId] }
    : { transition: 'start_review', expectedStatus: 'received' };
  return { method: 'POST' as const, url, payload };
}

describe('role checks on the admin API', () => {
  it('checks every endpoint the contract guards with a permission', () => {
    expect(guarded.map(([name]) => name).sort()).toEqual(
      [
        'audit',
        'auditExport',
        'bulkTransitions',
        'claim',
        'claims',
        'document',
        'transition',
      ].sort(),
    );
  });

  it.each(cases.map((entry) => [entry.name, entry.role, entry] as const))(
    '%s answers 403 to a %s, who lacks its permission',
    async (_name, role, { endpoint }) => {
      const browser = browsers.get(role) as AdminBrowser;
      const before = await app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();

      const response = await browser.request(requestTo(endpoint));

      expect(response.statusCode, response.body).toBe(403);
      const after = await app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
      const claim = await app.db
        .selectFrom('claims')
        .select('status')
        .where('id', '=', claimId)
        .executeTakeFirstOrThrow();
      expect(claim.status).toBe('received');
    },
  );

  it.each(
    guarded
      .filter(([, endpoint]) => endpoint.method === 'GET')
      .map(([name, endpoint]) => [name, endpoint] as const),
  )('%s answers 401 to a browser that is not signed in', async (_name, endpoint) => {
    const response = await app.inject(requestTo(endpoint));

    expect(response.statusCode).toBe(401);
  });
});
