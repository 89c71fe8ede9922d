import { openDatabase } from '../../apps/server/src/db/database';
import { importClassList, importVehicleList } from '../../apps/server/src/case/import-class-list';

export interface CaseImportOptions {
  caseDir: string;
  dataDir: string;
  /** PostgreSQL; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** The PIN_PEPPER the server will run with (the import hashes PINs with it). */
  pinPepper: string;
}

/**
 * Loads the case's class list and vehicle list into the server's database with the server's
 * own import (apps/server/src/case/import-class-list.ts), before the server starts. The server
 * would import them itself at start-up (in about 5 s for 100,000 members); importing them
 * first means the measured server starts as a restarted production server does, finding the
 * lists imported (same bytes, same pepper) and skipping them, so the import's work and memory
 * stay out of the figures.
 */
export async function importCaseLists(
  options: CaseImportOptions,
): Promise<{ members: number; vehicles: number }> {
  const { db } = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    const members = await importClassList(db, options.caseDir, options.pinPepper);
    const vehicles = await importVehicleList(db, options.caseDir);
    return { members: members.rows, vehicles: vehicles.rows };
  } finally {
    await db.destroy();
  }
}
