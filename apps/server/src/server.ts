import { buildApp } from './app';
import { readConfig } from './config';

/** Starts the server: reads the environment, builds the app, listens, and stops cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp({ config, sessionIdleMinutes: config.sessionIdleMinutes });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A bad environment or case folder lands here: say what is wrong and stop.
  console.error(
    `The server cannot start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
