import {
  addressChangeRequestSchema,
  addressChangeResponseSchema,
  appealRequestSchema,
  CLAIMANT_PATHS,
  claimStatusResponseSchema,
  payoutChangeRequestSchema,
} from '@claims/core/contract/claimant-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimRow } from '../admin/claims/claim-detail';
import { HttpError } from '../http-error';
import { PayoutSeal } from '../services/payout-seal';
import type { ZodPlugin } from '../zod-type-provider';
import { changeAddress } from './address-change';
import { claimantClaim } from './claimant-claim';
import { appealClaim, cureClaim } from './claimant-acts';
import { readClaimStatus } from './claim-status';
import { claimantMessage } from './claimant-messages';
import { changePayout } from './payout-change';

export interface ClaimantRoutesOptions {
  /** The key of the seal of direct-deposit numbers (services/payout-seal.ts). */
  sessionSecret: string;
}

/**
 * The claimant's calls after filing (packages/core/src/contract/claimant-api.ts,
 * docs/behaviour.md#after-filing). Each acts on the claim the session's authorize call proved;
 * the status lookup is counted against the per-address 'status' limit.
 */
const claimantRoutes: ZodPlugin<ClaimantRoutesOptions> = async (app, options) => {
  const payoutSeal = new PayoutSeal(options.sessionSecret);
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
    CLAIMANT_PATHS.payout,
    { schema: { body: payoutChangeRequestSchema, response: { 200: claimStatusResponseSchema } } },
    async (request, reply) =>
      actThenStatus(request, reply, async (claim, culture) => {
        const session = request.session;
        if (session === null)
          throw new HttpError(401, claimantMessage(app, culture, 'notAuthorized'));
        await changePayout(app, payoutSeal, session, claim, culture, request.body.election);
      }),
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
