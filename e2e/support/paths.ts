import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Absolute paths of the folders the browser suite reads from. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const E2E_ROOT = path.join(REPO_ROOT, 'e2e');
export const ARTIFACTS_DIR = path.join(E2E_ROOT, 'artifacts');
export const WEB_ROOT = path.join(REPO_ROOT, 'apps', 'web');
export const ADMIN_ROOT = path.join(REPO_ROOT, 'apps', 'admin');
export const SERVER_ROOT = path.join(REPO_ROOT, 'apps', 'server');
export const SERVER_ENTRY = path.join(SERVER_ROOT, 'src', 'server.ts');
export const ADMIN_CLI = path.join(SERVER_ROOT, 'scripts', 'admin.ts');
export const DEMO_SESSION = path.join(SERVER_ROOT, 'scripts', 'demo-session.ts');
export const SERVER_FAKES = path.join(SERVER_ROOT, 'test-fakes');
export const DEMO_CASE = path.join(REPO_ROOT, 'cases', 'demo');
