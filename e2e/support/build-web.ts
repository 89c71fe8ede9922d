import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_ROOT, REPO_ROOT, WEB_ROOT } from './paths';

/** A Vite app of the repository that the browser tests need built: its folder and workspace. */
interface BuiltApp {
  root: string;
  workspace: string;
}

const WEB_APP: BuiltApp = { root: WEB_ROOT, workspace: '@claims/web' };
const ADMIN_APP: BuiltApp = { root: ADMIN_ROOT, workspace: '@claims/admin' };

/** Sources whose change makes a built app stale; each bundle includes packages/core. */
function sourcesOf(app: BuiltApp): string[] {
  return [
    path.join(app.root, 'src'),
    path.join(app.root, 'index.html'),
    path.join(app.root, 'vite.config.ts'),
    path.join(app.root, 'package.json'),
    path.join(REPO_ROOT, 'packages', 'core', 'src'),
  ];
}

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

function builtIndexOf(app: BuiltApp): string {
  return path.join(app.root, 'dist', 'index.html');
}

function isStale(app: BuiltApp): boolean {
  const builtIndex = builtIndexOf(app);
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sourcesOf(app).some((source) => newestModification(source) > builtAt);
}

/** Builds the app when its dist folder is missing or older than its sources. */
function ensureBuilt(app: BuiltApp): void {
  if (!isStale(app)) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], {
    cwd: REPO_ROOT,
    // The runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(
      `building ${app.workspace} failed (npm run build --workspace ${app.workspace} exited ${String(result.status)}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  if (!existsSync(builtIndexOf(app))) {
    throw new Error(`the build finished but ${builtIndexOf(app)} does not exist`);
  }
}

/** Builds apps/web when its dist folder is missing or older than its sources. */
export function ensureWebBuilt(): void {
  ensureBuilt(WEB_APP);
}

/** Builds the administrators' console (apps/admin) when missing or older than its sources. */
export function ensureAdminBuilt(): void {
  ensureBuilt(ADMIN_APP);
}
