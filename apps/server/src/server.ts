import { ensureDemoAdmin } from './admin/demo-admin';
import { buildApp } from './app';
import { readConfig } from './config';
import { stopOnSignals } from './ops/shutdown';

/** Starts the server: reads the environment, builds the app, listens, and stops cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp({ config, sessionIdleMinutes: config.sessionIdleMinutes });
  stopOnSignals(app, { timeoutMs: config.ops.shutdownTimeoutMs });
  if (config.demoAdmin) await ensureDemoAdmin(app);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A bad environment or case folder lands here: say what is wrong and stop.
  console.error(
    `The server cannot start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
