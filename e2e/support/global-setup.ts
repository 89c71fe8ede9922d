import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from './build-web';
import { ARTIFACTS_DIR } from './paths';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server running the demo case, shared by every test file. */
    baseUrl: string;
    /** The data folder of that server (its SQLite database and stored documents). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Screenshots of failures are of this run only.
  rmSync(path.join(ARTIFACTS_DIR, 'failures'), { recursive: true, force: true });
  ensureWebBuilt();
  const server = await startServer({ name: 'demo' });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
