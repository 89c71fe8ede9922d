import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const DEMO_ADMIN_EMAIL = 'demo@example.org';

/** Whether DEMO_ADMIN asks for the demo administrator: 1, true or yes. */
export function demoAdminRequested(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes'].includes(value.trim().toLowerCase());
}

/**
 * Creates the demo case's supervisor, demo@example.org, with a new random password, unless
 * the account exists already; logs what it did. Only for a demo: the server calls it when
 * DEMO_ADMIN is set, which the configuration refuses in production.
 */
export async function ensureDemoAdmin(app: FastifyInstance): Promise<string | null> {
  if ((await app.adminAccounts.findByEmail(DEMO_ADMIN_EMAIL)) !== undefined) {
    app.log.info(
      `demo administrator ${DEMO_ADMIN_EMAIL} exists already; its password is unchanged (npm run admin -- user reset-password --email ${DEMO_ADMIN_EMAIL})`,
    );
    return null;
  }
  const password = randomBytes(12).toString('base64url');
  await app.adminAccounts.create(
    { email: DEMO_ADMIN_EMAIL, role: 'supervisor', password },
    { email: null, role: null, ipAddress: null, via: 'at the demo start-up (DEMO_ADMIN)' },
  );
  app.log.warn(
    `demo administrator created: sign in at /admin as ${DEMO_ADMIN_EMAIL} with the password ${password}; an authenticator app is enrolled at the first sign-in (scan the QR code shown)`,
  );
  return password;
}
