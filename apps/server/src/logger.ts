import { createHmac } from 'node:crypto';
import { submitPath } from '@claims/core/contract/api';
import { SUBMITTABLE_FORM_TYPES, type SubmittableFormType } from '@claims/core/form-types';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AuthorizedIdentity } from './services/session-store';

/**
 * Request logs carry the method, the route (never the query string), the client address
 * (the proxy's client with TRUST_PROXY, else the connection's), the status and the time
 * taken: no headers, so no cookies or CSRF tokens, and no bodies, so no PINs, captcha tokens
 * or claimant data. Errors keep their type, code, message and stack only (a database error's
 * detail can quote the row it refused).
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    serializers: {
      req(request: {
        method: string;
        url: string;
        ip?: string;
        routeOptions?: { url?: string | undefined };
      }) {
        return {
          method: request.method,
          url: request.routeOptions?.url ?? request.url.split('?')[0],
          remoteAddress: request.ip,
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err(error: Error & { code?: unknown; statusCode?: unknown }) {
        return {
          type: error.name,
          code: error.code,
          statusCode: error.statusCode,
          message: error.message,
          stack: error.stack ?? '',
        };
      },
    },
  };
}

/**
 * An onRequest hook: every later line of the request (its events, errors and the closing
 * "request completed") carries the client address, not only the opening line.
 */
export async function bindClientAddress(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const log = request.log.child({ address: request.ip });
  request.log = log;
  reply.log = log;
}

/** The names of security events: stable, so alerts and searches can rely on them. */
export type SecurityEventName =
  | 'csrf.refused'
  | 'captcha.refused'
  | 'authorize.succeeded'
  | 'authorize.refused'
  | 'authorize.slowed'
  | 'authorize.stronger-check'
  | 'authorize.lockout'
  | 'authorize.locked'
  | 'upload.refused'
  | 'draft-link.resumed'
  | 'draft-link.refused';

export interface SecurityEvent {
  event: SecurityEventName;
  /** Why, in a few words; never a credential or claimant data. */
  reason: string;
  /** Who it was about, as securitySubject made it; absent when it was about no one. */
  subject?: string;
}

/**
 * Logs a security event on the request's logger (so with its request id and client address):
 * refusals and lockouts at warn, successes at info; and counts it in the metrics.
 */
export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent): void {
  const line = { securityEvent: event.event, reason: event.reason, subject: event.subject };
  request.server.metrics.securityEvent(event.event);
  if (event.event === 'authorize.succeeded') request.log.info(line, 'security event');
  else request.log.warn(line, 'security event');
}

/** What a security event may be about: each is written as a pseudonym, never in clear. */
export type SubjectKind = 'noticeId' | 'vin' | 'referenceCode';

/**
 * The key of the log pseudonyms, derived from the session secret: whoever reads the logs
 * cannot turn a pseudonym back into the ID (a Notice ID is short enough to try them all),
 * while the server's operators can compute the pseudonym of an ID they are asked about.
 */
export function securityLogKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('security-log-subjects').digest();
}

/** A keyed pseudonym of the ID an event was about: the same ID gives the same pseudonym. */
export function securitySubject(key: Buffer, kind: SubjectKind, value: string): string {
  return `${kind}:${createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url').slice(0, 22)}`;
}

/** The pseudonym of whom a form was authorized as. */
function identitySubject(key: Buffer, identity: AuthorizedIdentity): string {
  if (identity.kind === 'classMember') return securitySubject(key, 'noticeId', identity.noticeId);
  if (identity.kind === 'vehicle') return securitySubject(key, 'vin', identity.vin);
  return securitySubject(key, 'referenceCode', identity.referenceCode);
}

/** Why a submission was refused, by its status: its message may quote a file's name. */
const UPLOAD_REFUSAL_REASONS: Readonly<Record<number, string>> = {
  400: 'invalid submission',
  401: 'not authorized',
  408: 'request timed out',
  409: 'conflict',
  413: 'too large',
  415: 'unsupported document type',
  422: 'document refused by the scanner',
  429: 'too many requests',
  503: 'service unavailable',
};

/**
 * An onResponse hook that logs every refused submission (a claim or a documents upload) as a
 * security event, with whom the form was authorized as. CSRF refusals are logged where they
 * happen (plugins/csrf.ts).
 */
export function logRefusedUploads(sessionSecret: string) {
  const key = securityLogKey(sessionSecret);
  const forms = new Map<string, SubmittableFormType>(
    SUBMITTABLE_FORM_TYPES.map((formType) => [submitPath(formType), formType]),
  );
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const status = reply.statusCode;
    if (request.method !== 'POST' || status < 400 || status === 403) return;
    const formType = forms.get(request.routeOptions.url ?? '');
    if (formType === undefined) return;
    const identity = request.session?.data.authorizations[formType]?.identity;
    logSecurityEvent(request, {
      event: 'upload.refused',
      reason: `${status} ${UPLOAD_REFUSAL_REASONS[status] ?? (status >= 500 ? 'server error' : 'refused')}`,
      ...(identity === undefined ? {} : { subject: identitySubject(key, identity) }),
    });
  };
}
