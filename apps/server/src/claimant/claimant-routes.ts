import {
  addressChangeRequestSchema,
  addressChangeResponseSchema,
  appealRequestSchema,
  CLAIMANT_PATHS,
  claimStatusResponseSchema,
} from '@claims/core/contract/claimant-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimRow } from '../admin/claims/claim-detail';
import type { ZodPlugin } from '../zod-type-provider';
import { changeAddress } from './address-change';
import { claimantClaim } from './claimant-claim';
import { appealClaim, cureClaim } from './claimant-acts';
import { readClaimStatus } from './claim-status';

/**
 * The claimant's calls after filing (packages/core/src/contract/claimant-api.ts,
 * docs/behaviour.md#after-filing). Each acts on the claim the session's authorize call proved;
 * the status lookup is counted against the per-address 'status' limit.
 */
const claimantRoutes: ZodPlugin = async (app) => {
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    CLAIMANT_PATHS.status,
    {
      schema: { response: { 200: claimStatusResponseSchema } },
      config: { rateLimited: 'status' },
    },
    async (request, reply) => {
      const { claim, culture } = await claimantClaim(app, request, 'referenceCode');
      reply.headers(noStore);
      return readClaimStatus(app, claim, culture);
    },
  );

  /** Acts on the session's claim, then answers with the claim's status as the act left it. */
  async function actThenStatus(
    request: FastifyRequest,
    reply: FastifyReply,
    act: (claim: ClaimRow, culture: string) => Promise<void>,
  ) {
    const { claim, culture } = await claimantClaim(app, request, 'referenceCode');
    await act(claim, culture);
    reply.headers(noStore);
    return readClaimStatus(
      app,
      (await claimantClaim(app, request, 'referenceCode')).claim,
      culture,
    );
  }

  app.post(
    CLAIMANT_PATHS.cure,
    { schema: { response: { 200: claimStatusResponseSchema } } },
    async (request, reply) =>
      actThenStatus(request, reply, (claim, culture) => cureClaim(app, claim, culture)),
  );

  app.post(
    CLAIMANT_PATHS.appeal,
    { schema: { body: appealRequestSchema, response: { 200: claimStatusResponseSchema } } },
    async (request, reply) =>
      actThenStatus(request, reply, (claim, culture) =>
        appealClaim(app, claim, culture, request.body.statement),
      ),
  );

  app.post(
    CLAIMANT_PATHS.address,
    {
      schema: { body: addressChangeRequestSchema, response: { 200: addressChangeResponseSchema } },
    },
    async (request) => {
      const { claim, culture, authorizedBy } = await claimantClaim(
        app,
        request,
        'referenceCodeOrNoticeId',
      );
      return changeAddress(app, claim, culture, request.body.address, authorizedBy);
    },
  );
};

export default claimantRoutes;
