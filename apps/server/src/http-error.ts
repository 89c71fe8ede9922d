import type { RefusedDocument } from '@claims/core/contract/api';

/**
 * An error answered with its status code and message: a 4xx, or a 503 the server chose to
 * answer; any other error is a 500.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A submission refused because the claimant elects PayPal with an e-mail their PayPal login
 * did not confirm: the 400 body says nonMatchingPaymentElection true
 * (docs/behaviour.md#payment-election).
 */
export class PaymentElectionMismatchError extends HttpError {
  override name = 'PaymentElectionMismatchError';
  constructor(message: string) {
    super(400, message);
  }
}

/**
 * A request the server cannot serve for now because a service it needs is down (the
 * antivirus scanner): 503 with its message and a Retry-After header, nothing stored.
 */
export class ServiceUnavailableError extends HttpError {
  override name = 'ServiceUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

/**
 * A submission refused because of one of its documents (too large, not a PDF, JPEG or PNG by
 * its content, infected…): the body names the file and the reason as well as the message, so
 * the browser tells the claimant which file to change (docs/behaviour.md#documents).
 */
export class DocumentRefusedError extends HttpError {
  override name = 'DocumentRefusedError';
  constructor(
    statusCode: number,
    message: string,
    readonly document: RefusedDocument,
  ) {
    super(statusCode, message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
