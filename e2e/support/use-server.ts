import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from './server';

export interface ServerHandle {
  readonly url: string;
  readonly dataDir: string;
}

/**
 * A server of this test file's own (another case folder, fake providers); started before the
 * file's tests and stopped after them. `setup` may prepare the case folder and environment.
 */
export function useServer(
  setup: () => Promise<ServerOptions> | ServerOptions,
  cleanup?: () => Promise<void> | void,
): ServerHandle {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(await setup());
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });
  const running = (): RunningServer => {
    if (!server) throw new Error('the test file server is not running');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get dataDir() {
      return running().dataDir;
    },
  };
}
