import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DocumentRefusedError,
  HttpError,
  PaymentElectionMismatchError,
  ServiceUnavailableError,
} from '../http-error';

/**
 * How a route shapes its 4xx bodies. docs/behaviour.md#api-answers: a submit's 4xx carries error
 * and nonMatchingPaymentElection, and the refused document when one is why; an authorize's
 * 400/401 is read as an authorize answer.
 */
export type ErrorShape = 'plain' | 'submit' | 'authorize';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorShape?: ErrorShape;
  }
}

const INTERNAL_ERROR_MESSAGE = 'The server could not complete the request; please try again later.';

/** Fastify's own 4xx errors, reworded where its text names internals. */
function clientMessage(error: FastifyError, statusCode: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported Content-Type; expected application/json, or multipart/form-data for a submission';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'the request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the JSON body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'the body is not valid JSON';
    default:
      break;
  }
  if (error.message !== '') return error.message;
  return statusCode === 404 ? 'not found' : 'the request is not valid';
}

export function errorBody(
  request: FastifyRequest,
  message: string,
  error?: unknown,
): Record<string, unknown> {
  switch (request.routeOptions.config.errorShape) {
    case 'submit':
      return {
        error: message,
        nonMatchingPaymentElection: error instanceof PaymentElectionMismatchError,
        ...(error instanceof DocumentRefusedError ? { document: error.document } : {}),
      };
    case 'authorize':
      return { authorized: false, error: message, captcha: null, prepopulatedData: null };
    default:
      return { error: message };
  }
}

/**
 * The one error handler: a 4xx answers with a JSON body whose error says what went wrong;
 * a 5xx is logged and answered without internals, unless the server chose it (an HttpError
 * such as ServiceUnavailableError), whose message says what to do.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const statusCode =
        typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500;
      if (statusCode >= 500 && !(error instanceof HttpError)) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(statusCode).send({ error: INTERNAL_ERROR_MESSAGE });
      }
      if (error instanceof ServiceUnavailableError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply
        .code(statusCode)
        .send(errorBody(request, clientMessage(error, statusCode), error));
    });
  },
  { name: 'error-handler' },
);
