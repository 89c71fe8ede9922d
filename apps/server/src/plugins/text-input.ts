import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http-error';
import { findUnstorableText } from '../http/storable-text';

/**
 * Every JSON body and every API query string is refused with a 400 when it holds text the
 * stores cannot take as sent (a NUL, an unpaired surrogate: http/storable-text.ts), before any
 * route looks at it. JSON is parsed by Fastify's own parser, with its protection against
 * prototype poisoning; the multipart text parts of a submission are checked by the submit
 * itself (services/claim-submission.ts).
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request: FastifyRequest, body: string, done) => {
        parseJson(request, body, (error: Error | null, value?: unknown) => {
          if (error !== null) return done(error, undefined);
          const problem = findUnstorableText(value, 'the body');
          if (problem !== undefined) return done(badRequest(problem), undefined);
          done(null, value);
        });
      },
    );

    app.addHook('preValidation', async (request) => {
      if (!request.routeOptions.url?.startsWith('/api/')) return;
      const problem = findUnstorableText({ query: request.query }, 'the query string');
      if (problem !== undefined) throw badRequest(problem);
    });
  },
  { name: 'text-input' },
);
