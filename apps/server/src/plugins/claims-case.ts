import fp from 'fastify-plugin';
import type { ClaimsCase } from '../case/claims-case';
import { importClassList, importVehicleList } from '../case/import-class-list';

declare module 'fastify' {
  interface FastifyInstance {
    claimsCase: ClaimsCase;
  }
}

export interface ClaimsCasePluginOptions {
  claimsCase: ClaimsCase;
  pinPepper: string;
}

/**
 * Decorates the app with the loaded case and imports its class list and vehicle list into
 * the database (a form without its list cannot authorize anyone, so a missing list of a
 * configured form stops the server).
 */
export default fp<ClaimsCasePluginOptions>(
  async (app, options) => {
    const { claimsCase } = options;
    app.decorate('claimsCase', claimsCase);
    if (claimsCase.hasForm('Standard')) {
      const result = await importClassList(app.db, claimsCase.folder, options.pinPepper);
      app.log.info({ rows: result.rows, imported: result.imported }, 'class list ready');
    }
    if (claimsCase.hasForm('Automotive') || claimsCase.hasForm('Lookup')) {
      const result = await importVehicleList(app.db, claimsCase.folder);
      app.log.info({ rows: result.rows, imported: result.imported }, 'vehicle list ready');
    }
  },
  { name: 'claims-case', dependencies: ['database'] },
);
