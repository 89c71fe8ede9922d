/**
 * The administrators' command line, on the database and data folder of the environment
 * (DATA_DIR, DATABASE_URL, as the server reads them):
 *
 *   npm run admin -- user add --email supervisor@example.org --role supervisor
 *   npm run admin -- import class-list members.csv --mode valid-only
 *   npm run admin -- export claims --format csv --status approved --out claims.csv
 *   npm run admin -- --help
 */
import path from 'node:path';
import { AdminAccountService } from '../src/admin/accounts/account-service';
import { loadOrCreateTotpKey, TotpSecretBox } from '../src/admin/accounts/totp-secret-box';
import { runAdminCli } from '../src/admin/cli/admin-cli';
import { terminalIo } from '../src/admin/cli/terminal-io';
import { ConfigError, readConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { ClaimsCase } from '../src/case/claims-case';
import { loadCase } from '../src/case/load-case';
import { createBucketDocumentStore } from '../src/uploads/bucket-document-store';
import { createFolderDocumentStore } from '../src/uploads/folder-document-store';
import { openDataFileStore } from '../src/data-io/data-file-store';

const io = terminalIo();

async function openAccounts() {
  const config = readConfig();
  const { db } = await openDatabase({
    dataDir: config.dataDir,
    ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
  });
  const secrets = new TotpSecretBox(loadOrCreateTotpKey(config.dataDir));
  return {
    accounts: new AdminAccountService(db, secrets, () => new Date()),
    close: () => db.destroy(),
  };
}

/** The case, database, documents and data files an import or export works on. */
async function openDataIo() {
  const config = readConfig();
  const { db, writeEphemeral } = await openDatabase({
    dataDir: config.dataDir,
    ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
  });
  const documents =
    config.documentBucket === undefined
      ? createFolderDocumentStore(path.join(config.dataDir, 'documents'))
      : createBucketDocumentStore(config.documentBucket);
  const files = await openDataFileStore(config.dataDir, config.documentBucket);
  return {
    context: {
      db,
      writeEphemeral,
      dataDir: config.dataDir,
      pinPepper: config.pinPepper,
      claimsCase: new ClaimsCase(await loadCase(config.caseDir)),
      documents,
      files,
      now: () => new Date(),
    },
    close: async () => {
      await Promise.all([documents.close(), files.close()]);
      await db.destroy();
    },
  };
}

try {
  process.exitCode = await runAdminCli(process.argv.slice(2), io, openAccounts, openDataIo);
} catch (error) {
  io.err(error instanceof ConfigError ? error.message : `The command failed: ${String(error)}`);
  process.exitCode = 1;
}
