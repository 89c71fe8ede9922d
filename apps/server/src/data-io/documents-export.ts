import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { csvLine } from '@claims/core/admin/audit-csv';
import { ZipArchive } from 'archiver';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClaimsExportInput } from './claims-export';
import { filteredClaims } from './claims-export';
import { workFile } from './data-file-store';
import { yieldToRequests, type DataIoContext, type ProgressListener } from './data-io-context';
import { updateDataJob } from './data-jobs';
import { FileWriter } from './file-writer';

/**
 * The documents of the claims an export's filters match, as one ZIP streamed to a work file,
 * then kept in the data files (data-file-store.ts): each document under its claim's reference, those sent later through Documents Upload
 * or a cure included (docs/behaviour.md#after-filing), and manifest.csv linking each file to
 * its claim, its original name and its SHA-256. Documents are read from the store one at a time.
 */

export const MANIFEST_COLUMNS = ['claim', 'file', 'original name', 'sha256', 'bytes'] as const;

/** A file name safe in any unzip tool: no folders, no control characters, at most 100 long. */
export function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? '_' : char))
    .join('')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned === '' ? 'document' : cleaned).slice(-100);
}

/**
 * The documents filed with the claims and those sent later for them (the Documents Upload
 * claims whose parent they are), each with the claim it belongs to as `claim_id`.
 */
async function documentsOf(db: Kysely<Database>, claimIds: readonly string[]) {
  return db
    .selectFrom('documents')
    .innerJoin('claims as owner', 'owner.id', 'documents.claim_id')
    .select((eb) => [
      'documents.id',
      eb.fn.coalesce('owner.parent_claim_id', 'owner.id').as('claim_id'),
      'documents.storage_key',
      'documents.original_name',
      'documents.sha256',
      'documents.size',
    ])
    .where((eb) =>
      eb.or([eb('owner.id', 'in', claimIds), eb('owner.parent_claim_id', 'in', claimIds)]),
    )
    .orderBy('claim_id')
    .orderBy('documents.id')
    .execute();
}

export async function runDocumentsExport(
  context: DataIoContext,
  jobId: string,
  input: ClaimsExportInput,
  onProgress: ProgressListener = () => undefined,
): Promise<void> {
  const name = `${jobId}.zip`;
  const file = await workFile(context.dataDir, name);
  // The manifest waits in a file of its own, and goes into the ZIP last.
  const manifestFile = await workFile(context.dataDir, `${jobId}-manifest.csv`);
  let done: number;
  try {
    done = await writeZip(context, jobId, input, file, manifestFile, onProgress);
    await context.files.keep(name, file);
  } finally {
    await rm(file, { force: true });
    await rm(manifestFile, { force: true });
  }
  await updateDataJob(context.db, jobId, {
    state: 'done',
    rows_done: done,
    rows_total: done,
    output_file: context.files.locate(name),
    finished_at: context.now().toISOString(),
  });
}

/** Writes the ZIP to `file`; answers how many documents it holds. */
async function writeZip(
  context: DataIoContext,
  jobId: string,
  input: ClaimsExportInput,
  file: string,
  manifestFile: string,
  onProgress: ProgressListener,
): Promise<number> {
  const { db } = context;
  await updateDataJob(db, jobId, { state: 'running', rows_done: 0 });
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const output = createWriteStream(file);
  const written = finished(output);
  written.catch(() => undefined);
  const failed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  zip.pipe(output);
  const manifest = new FileWriter(manifestFile);
  let done = 0;
  try {
    await manifest.write(csvLine(MANIFEST_COLUMNS));
    for await (const claims of filteredClaims(
      db,
      input.filters,
      context.claimsCase.projectTimeZone,
    )) {
      const references = new Map(claims.map((claim) => [claim.id, claim.reference_code]));
      for (const document of await documentsOf(db, [...references.keys()])) {
        const reference = references.get(document.claim_id) as string;
        const name = `${reference}/${document.id}-${safeFileName(document.original_name)}`;
        const content = await context.documents.openRead(document.storage_key);
        const added = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
        zip.append(content, { name });
        await Promise.race([added, failed]);
        await manifest.write(
          csvLine([
            reference,
            name,
            document.original_name,
            document.sha256,
            String(document.size),
          ]),
        );
        done += 1;
      }
      await updateDataJob(db, jobId, { rows_done: done });
      onProgress(done, null);
      await yieldToRequests();
    }
    await manifest.close();
    zip.append(createReadStream(manifestFile), { name: 'manifest.csv' });
    await Promise.race([zip.finalize(), failed]);
    await written;
  } catch (error) {
    // Nothing is left writing to the work file, which the caller removes.
    zip.abort();
    output.destroy();
    await manifest.close().catch(() => undefined);
    throw error;
  }
  return done;
}
