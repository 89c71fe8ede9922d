import type { AdminAccess } from '@claims/core/admin/admin-api';
import { hasPermission, type AdminRole } from '@claims/core/admin/admin-roles';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../http-error';
import type { AdminSession } from './sessions/admin-session-store';

/** The administrator a request was made by: a session past both sign-in steps. */
export interface SignedInAdmin {
  accountId: string;
  email: string;
  role: AdminRole;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for /admin/api calls whose session completed sign-in; null otherwise. */
    admin: SignedInAdmin | null;
    /** The live admin session of an /admin/api call, at either step; null when there is none. */
    adminSession: AdminSession | null;
  }
}

/** What a call without a live session is told (401). */
export const ADMIN_SIGN_IN_AGAIN_MESSAGE =
  'You are not signed in, or your session has ended; sign in again.';

const PASSWORD_STEP_OVER_MESSAGE =
  'This sign-in step is over; start again with your e-mail address and password.';

/**
 * A preHandler that lets a call through only for the access its endpoint declares
 * (ADMIN_ENDPOINTS in packages/core): 401 without the session the access needs, 403 for a
 * signed-in role without the permission.
 */
export function requireAdminAccess(access: AdminAccess): preHandlerAsyncHookHandler {
  return async (request) => {
    if (access === 'anyone') return;
    if (access === 'password_accepted') {
      if (request.adminSession?.step !== 'password_accepted') {
        throw unauthorized(PASSWORD_STEP_OVER_MESSAGE);
      }
      return;
    }
    const admin = request.admin;
    if (admin === null) throw unauthorized(ADMIN_SIGN_IN_AGAIN_MESSAGE);
    if (access === 'signed_in') return;
    if (!hasPermission(admin.role, access)) {
      throw forbidden(`The ${admin.role} role may not do this (it needs ${access}).`);
    }
  };
}
