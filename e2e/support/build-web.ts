import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, WEB_DIST, WEB_ROOT } from './paths';

/** Sources whose change makes the built web app stale; the bundle includes packages/core. */
const WEB_SOURCES = [
  path.join(WEB_ROOT, 'src'),
  path.join(WEB_ROOT, 'index.html'),
  path.join(WEB_ROOT, 'vite.config.ts'),
  path.join(WEB_ROOT, 'package.json'),
  path.join(REPO_ROOT, 'packages', 'core', 'src'),
];

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

export function webBuildIsStale(): boolean {
  const builtIndex = path.join(WEB_DIST, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return WEB_SOURCES.some((source) => newestModification(source) > builtAt);
}

/** Builds apps/web when its dist folder is missing or older than its sources. */
export function ensureWebBuilt(): void {
  if (!webBuildIsStale()) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@claims/web'], {
    cwd: REPO_ROOT,
    // The runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(
      `building the web app failed (npm run build --workspace @claims/web exited ${String(result.status)}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`the web build finished but ${WEB_DIST}/index.html does not exist`);
  }
}
