import {
  ADMIN_ENDPOINTS,
  bulkTransitionRequestSchema,
  bulkTransitionResponseSchema,
  claimDetailSchema,
  claimsQuerySchema,
  claimsResponseSchema,
  documentQuerySchema,
  transitionRequestSchema,
  transitionResponseSchema,
} from '@claims/core/admin/admin-api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodPlugin } from '../../zod-type-provider';
import { requireAdminAccess, type SignedInAdmin } from '../admin-request';
import { writeAuditEvent } from '../audit-log';
import { caseLifecycle } from './case-lifecycle';
import { findClaim, readClaimDetail } from './claim-detail';
import { openClaimDocument } from './claim-document';
import { listClaims } from './claim-queue';
import { transitionClaim, transitionClaims } from './claim-transition';

/**
 * The claim routes of the admin API (ADMIN_ENDPOINTS: claims, claim, transition,
 * bulkTransitions, document): HTTP in, the services of this folder, HTTP out. Each checks its
 * endpoint's access first and writes its audit row.
 */

const claimParams = z.object({ claimId: z.string().min(1).max(100) });
const documentParams = claimParams.extend({ documentId: z.string().min(1).max(100) });

/** The signed-in administrator; requireAdminAccess has let only them through. */
function adminOf(request: FastifyRequest): SignedInAdmin {
  return request.admin as SignedInAdmin;
}

/** The queue's filters in words, for the audit log. */
function describeQuery(query: Record<string, unknown>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('&');
}

const claimsRoutes: ZodPlugin = async (app) => {
  const auditFor = (request: FastifyRequest) => {
    const admin = adminOf(request);
    return { actorEmail: admin.email, actorRole: admin.role, ipAddress: request.ip };
  };

  app.get(
    ADMIN_ENDPOINTS.claims.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.claims.access),
      schema: { querystring: claimsQuerySchema, response: { 200: claimsResponseSchema } },
    },
    async (request) => {
      const { timeZone } = caseLifecycle(app.claimsCase);
      const page = await listClaims(app.db, request.query, timeZone);
      await writeAuditEvent(
        app.db,
        { action: 'claims_listed', ...auditFor(request), details: describeQuery(request.query) },
        app.now(),
      );
      return page;
    },
  );

  app.get(
    ADMIN_ENDPOINTS.claim.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.claim.access),
      schema: { params: claimParams, response: { 200: claimDetailSchema } },
    },
    async (request) => {
      const claim = await findClaim(app.db, request.params.claimId);
      const detail = await readClaimDetail(
        {
          db: app.db,
          claimsCase: app.claimsCase,
          lifecycle: caseLifecycle(app.claimsCase),
          role: adminOf(request).role,
          now: app.now(),
        },
        claim,
      );
      await writeAuditEvent(
        app.db,
        { action: 'claim_viewed', ...auditFor(request), claimReference: claim.reference_code },
        app.now(),
      );
      return detail;
    },
  );

  app.post(
    ADMIN_ENDPOINTS.transition.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.transition.access),
      schema: {
        params: claimParams,
        body: transitionRequestSchema,
        response: { 200: transitionResponseSchema },
      },
    },
    async (request) =>
      transitionClaim(
        app,
        { admin: adminOf(request), ipAddress: request.ip },
        request.params.claimId,
        request.body,
      ),
  );

  app.post(
    ADMIN_ENDPOINTS.bulkTransitions.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.bulkTransitions.access),
      schema: {
        body: bulkTransitionRequestSchema,
        response: { 200: bulkTransitionResponseSchema },
      },
    },
    async (request) => ({
      outcomes: await transitionClaims(
        app,
        { admin: adminOf(request), ipAddress: request.ip },
        request.body,
      ),
    }),
  );

  app.get(
    ADMIN_ENDPOINTS.document.path,
    {
      preHandler: requireAdminAccess(ADMIN_ENDPOINTS.document.access),
      schema: { params: documentParams, querystring: documentQuerySchema },
    },
    async (request, reply) => {
      const { claimId, documentId } = request.params;
      const opened = await openClaimDocument(app, adminOf(request), request.ip, {
        claimId,
        documentId,
        disposition: request.query.disposition,
      });
      return reply.headers(opened.headers).send(opened.stream);
    },
  );
};

export default claimsRoutes;
