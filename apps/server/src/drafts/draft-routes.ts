import {
  draftPath,
  draftSchema,
  finishLaterPath,
  finishLaterRequestSchema,
  finishLaterResponseSchema,
  formStandingResponseSchema,
  putDraftResponseSchema,
  RESUME_LINK_PATH,
  resumeLinkQuerySchema,
} from '@claims/core/contract/drafts';
import { FORM_TYPES } from '@claims/core/form-types';
import { FIXED_ROUTES } from '@claims/core/routes';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { logSecurityEvent } from '../logger';
import { SessionTokenChangedError } from '../services/session-store';
import type { ZodPlugin } from '../zod-type-provider';

export interface DraftRoutesOptions {
  /** PUBLIC_ORIGIN: the links e-mailed start with it; else the request's own origin. */
  publicOrigin?: string | undefined;
}

const standingSchema = formStandingResponseSchema.extend({
  /** A new one-time captcha pass for the submit, as authorize gives one; null when spent. */
  captcha: z.string().nullable(),
});

/**
 * The draft calls of docs/behaviour.md#drafts, per form: GET the session's standing, PUT the
 * answers so far, POST finish-later; and GET the e-mailed link, which signs the browser in to
 * the draft and sends it to the page it was left on.
 */
const draftRoutes: ZodPlugin<DraftRoutesOptions> = async (app, options) => {
  const originOf = (request: FastifyRequest) =>
    options.publicOrigin ?? `${request.protocol}://${request.host}`;

  for (const formType of FORM_TYPES) {
    app.get(
      draftPath(formType),
      { schema: { response: { 200: standingSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return app.drafts.standing(request.session, formType);
      },
    );
    app.put(
      draftPath(formType),
      { schema: { body: draftSchema, response: { 200: putDraftResponseSchema } } },
      async (request) => {
        const kept = await app.drafts.keep(request.session, formType, request.body);
        return { expiresAt: kept.expiresAt.toISOString() };
      },
    );
    app.post(
      finishLaterPath(formType),
      { schema: { body: finishLaterRequestSchema, response: { 200: finishLaterResponseSchema } } },
      (request) =>
        app.drafts.finishLater(request.session, formType, request.body, originOf(request)),
    );
  }

  app.get(
    RESUME_LINK_PATH,
    { schema: { querystring: resumeLinkQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      const redeemed = await app.drafts.redeem(request.query.token);
      if (redeemed === undefined) {
        logSecurityEvent(request, {
          event: 'draft-link.refused',
          reason: 'unknown, used or expired',
        });
        return reply.redirect(FIXED_ROUTES.sessionExpired.path, 303);
      }
      const { kept, authorization } = redeemed;
      const session = request.session ?? app.sessions.mint();
      session.setAuthorization(kept.formType, authorization);
      try {
        await app.writeEphemeral(async (trx) => {
          await app.sessions.save(session, trx);
          await app.sessions.rotate(session, trx);
        });
      } catch (error) {
        if (!(error instanceof SessionTokenChangedError)) throw error;
        return reply.redirect(FIXED_ROUTES.sessionExpired.path, 303);
      }
      request.session = session;
      app.sendSessionCookie(reply, session);
      logSecurityEvent(request, { event: 'draft-link.resumed', reason: kept.formType });
      return reply.redirect(kept.draft.page, 303);
    },
  );
};

export default draftRoutes;
