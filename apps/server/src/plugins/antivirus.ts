import fp from 'fastify-plugin';
import {
  clamdScanner,
  describeClamdAddress,
  type DocumentScanner,
} from '../antivirus/document-scanner';
import type { AntivirusConfig, AntivirusUnavailablePolicy } from '../config';

export interface Antivirus {
  scanner: DocumentScanner;
  whenUnavailable: AntivirusUnavailablePolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scanner every document passes before its claim commits; null when none is set. */
    antivirus: Antivirus | null;
  }
}

/**
 * The antivirus scanner (clamd at CLAMD_URL). Without one, documents are stored unscanned,
 * and the start-up log says so.
 */
export default fp<AntivirusConfig>(
  async (app, config) => {
    if (config.clamd === undefined) {
      app.log.warn('documents are not scanned for viruses: CLAMD_URL is not set');
      app.decorate('antivirus', null);
      return;
    }
    app.log.info(
      {
        clamd: describeClamdAddress(config.clamd),
        timeoutMs: config.timeoutMs,
        whenUnavailable: config.whenUnavailable,
      },
      'documents are scanned for viruses by clamd',
    );
    app.decorate('antivirus', {
      scanner: clamdScanner({ address: config.clamd, timeoutMs: config.timeoutMs }),
      whenUnavailable: config.whenUnavailable,
    });
  },
  { name: 'antivirus' },
);
