import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { startTestApp, type TestApp } from '../test/test-app';
import { passwordMatches } from './accounts/passwords';
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin } from './demo-admin';

let testApp: TestApp | undefined;

/** Secrets given, so that reading the configuration writes no secrets file. */
const SECRETS = { SESSION_SECRET: 'a'.repeat(32), PIN_PEPPER: 'b'.repeat(32) };

afterEach(async () => {
  await testApp?.close();
});

describe('the demo administrator', () => {
  it('is a supervisor with the password it prints, made once', async () => {
    testApp = await startTestApp();
    const password = await ensureDemoAdmin(testApp.app);
    const account = await testApp.app.adminAccounts.findByEmail(DEMO_ADMIN_EMAIL);
    expect(account?.role).toBe('supervisor');
    expect(await passwordMatches(account!.password_hash, password!)).toBe(true);
    expect(await ensureDemoAdmin(testApp.app)).toBeNull();
  });

  it('is asked for with DEMO_ADMIN and off by default', () => {
    expect(readConfig({ ...SECRETS, DEMO_ADMIN: '1' }).demoAdmin).toBe(true);
    expect(readConfig(SECRETS).demoAdmin).toBe(false);
  });

  it('is refused in production', () => {
    expect(() => readConfig({ ...SECRETS, DEMO_ADMIN: '1', NODE_ENV: 'production' })).toThrow(
      /DEMO_ADMIN is for the demo only/,
    );
  });
});
