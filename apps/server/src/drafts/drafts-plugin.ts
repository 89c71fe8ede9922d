import fp from 'fastify-plugin';
import { schedulePurge } from '../services/purge-timer';
import { DraftCrypto } from './draft-crypto';
import { DraftService } from './draft-service';
import { DraftStore } from './draft-store';

declare module 'fastify' {
  interface FastifyInstance {
    drafts: DraftService;
  }
}

export interface DraftsPluginOptions {
  /** The session secret: the drafts' keys are derived from it (draft-crypto.ts). */
  secret: string;
}

/** The drafts of docs/behaviour.md#drafts, with a timer that forgets expired ones. */
export default fp<DraftsPluginOptions>(
  async (app, options) => {
    const store = new DraftStore(app.db, new DraftCrypto(options.secret));
    const service = new DraftService(app, store, options.secret);
    app.decorate('drafts', service);
    schedulePurge(app, () => service.purgeExpired(), 'purging expired drafts failed');
  },
  { name: 'drafts', dependencies: ['mailer', 'claims-case'] },
);
