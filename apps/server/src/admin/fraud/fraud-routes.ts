import {
  FRAUD_ENDPOINTS,
  fraudClaimResponseSchema,
  fraudHoldsQuerySchema,
  fraudHoldsResponseSchema,
  fraudReleaseRequestSchema,
} from '@claims/core/admin/fraud-api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodPlugin } from '../../zod-type-provider';
import { requireAdminAccess, type SignedInAdmin } from '../admin-request';
import { writeAuditEvent } from '../audit-log';
import { listFraudHolds } from './fraud-holds';
import { readFraudClaim, releaseFraudHold } from './fraud-review';

/**
 * The fraud queue's routes of the admin API (FRAUD_ENDPOINTS in packages/core): HTTP in, the
 * services of this folder, HTTP out. Each checks its endpoint's access first and writes its
 * audit row.
 */

const claimParams = z.object({ claimId: z.string().min(1).max(100) });

/** The signed-in administrator; requireAdminAccess has let only them through. */
function adminOf(request: FastifyRequest): SignedInAdmin {
  return request.admin as SignedInAdmin;
}

const fraudRoutes: ZodPlugin = async (app) => {
  const auditFor = (request: FastifyRequest) => {
    const admin = adminOf(request);
    return { actorEmail: admin.email, actorRole: admin.role, ipAddress: request.ip };
  };

  app.get(
    FRAUD_ENDPOINTS.fraudHolds.path,
    {
      preHandler: requireAdminAccess(FRAUD_ENDPOINTS.fraudHolds.access),
      schema: { querystring: fraudHoldsQuerySchema, response: { 200: fraudHoldsResponseSchema } },
    },
    async (request) => {
      const page = await listFraudHolds(app.db, request.query);
      await writeAuditEvent(
        app.db,
        {
          action: 'fraud_holds_listed',
          ...auditFor(request),
          details: `page=${request.query.page}&pageSize=${request.query.pageSize}`,
        },
        app.now(),
      );
      return page;
    },
  );

  app.get(
    FRAUD_ENDPOINTS.fraudClaim.path,
    {
      preHandler: requireAdminAccess(FRAUD_ENDPOINTS.fraudClaim.access),
      schema: { params: claimParams, response: { 200: fraudClaimResponseSchema } },
    },
    async (request) => {
      const answer = await readFraudClaim(app.db, request.params.claimId);
      await writeAuditEvent(
        app.db,
        {
          action: 'fraud_cluster_viewed',
          ...auditFor(request),
          claimReference: answer.referenceCode,
          details: `${answer.cluster.length} claims in the cluster`,
        },
        app.now(),
      );
      return answer;
    },
  );

  app.post(
    FRAUD_ENDPOINTS.releaseFraudHold.path,
    {
      preHandler: requireAdminAccess(FRAUD_ENDPOINTS.releaseFraudHold.access),
      schema: {
        params: claimParams,
        body: fraudReleaseRequestSchema,
        response: { 200: fraudClaimResponseSchema },
      },
    },
    async (request) => {
      const { claimId } = request.params;
      await releaseFraudHold(
        app.db,
        { admin: adminOf(request), ipAddress: request.ip },
        claimId,
        request.body.note,
        app.now(),
      );
      return readFraudClaim(app.db, claimId);
    },
  );
};

export default fraudRoutes;
