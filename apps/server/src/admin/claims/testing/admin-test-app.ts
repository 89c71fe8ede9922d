import type { AdminRole } from '@claims/core/admin/admin-roles';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from '../../../test/test-app';
import { signedInAdmin, type AdminBrowser } from '../../testing/admin-test-kit';

/** A test app with an administrator of each role asked for, signed in. */
export interface AdminTestApp {
  readonly testApp: TestApp;
  readonly app: FastifyInstance;
  browser(role: AdminRole): AdminBrowser;
}

/**
 * Starts the app before the file's tests and closes it after them, with one signed-in
 * administrator per role; the fields are set once the tests run.
 */
export function useAdminTestApp(
  roles: readonly AdminRole[],
  options: TestAppOptions = {},
): AdminTestApp {
  let testApp: TestApp | undefined;
  const browsers = new Map<AdminRole, AdminBrowser>();
  beforeAll(async () => {
    testApp = await startTestApp(options);
    for (const role of roles) browsers.set(role, await signedInAdmin(testApp.app, role));
  });
  afterAll(async () => testApp?.close());
  const started = () => {
    if (testApp === undefined) throw new Error('the test app starts before the tests');
    return testApp;
  };
  return {
    get testApp() {
      return started();
    },
    get app() {
      return started().app;
    },
    browser(role) {
      const browser = browsers.get(role);
      if (browser === undefined) throw new Error(`no ${role} was signed in for this file`);
      return browser;
    },
  };
}
