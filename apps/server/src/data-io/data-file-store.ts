import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DocumentBucketConfig } from '../uploads/bucket-document-store';

/**
 * The files of imports and exports (docs/deploy.md): the uploaded CSV of an import, the report
 * of its refused rows, and the output of an export. They are kept where every instance reaches
 * them, so that a job runs on any instance and its file downloads from any: under
 * DATA_DIR/data-io by default (one instance, or instances sharing that folder), or, when
 * S3_BUCKET is set, in the documents' bucket under `data-io/`, apart from the documents'
 * `stored/` and `pending/` that their sweeps list. A job's own work files (an upload copied
 * down to be read twice, a report or an export being written) stay on the local disk under
 * DATA_DIR/data-io/.work only while it runs. Uploads are removed once their job is done or
 * failed; everything is removed once older than DATA_FILE_RETENTION_MS (sweepDataFiles).
 */
export interface DataFileStore {
  /** Where the files are kept, for the start-up log. */
  readonly description: string;
  /** Streams content into the file `name`, replacing it; on failure no file is left. */
  write(name: string, content: AsyncIterable<Uint8Array>): Promise<void>;
  /** Keeps the local file `file` (a job's work file) as `name`; `file` is gone afterwards. */
  keep(name: string, file: string): Promise<void>;
  /** Reads the file `name`; DataFileNotFoundError when there is none. */
  openRead(name: string): Promise<Readable>;
  /** Removes the file `name`; a missing one is not an error. */
  remove(name: string): Promise<void>;
  /** Every file with when it was written. */
  list(): AsyncIterable<{ name: string; modifiedAt: Date }>;
  /** Where the file `name` is: a path in the folder, an s3:// address in the bucket. */
  locate(name: string): string;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

export class DataFileNotFoundError extends Error {
  override name = 'DataFileNotFoundError';
  constructor(readonly fileName: string) {
    super(`no data file is kept under "${fileName}"`);
  }
}

/** Exports and import reports are kept a week, then swept (uploads go with their job). */
export const DATA_FILE_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** A work file left this long was left by a crash: no job writes or reads one so long. */
const WORK_FILE_MAX_AGE_MS = 24 * 60 * 60_000;

/** Job files' names: generated (a job id or a UUID), never a supervisor's file name. */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,120}\.(csv|jsonl|zip)$/;

export function assertFileName(name: string): void {
  // Names become file and object names: anything else could reach outside the store.
  if (!FILE_NAME.test(name)) throw new Error(`invalid data file name "${name}"`);
}

/** The name a job's file is kept under, from what its row records (data_jobs.output_file). */
export function dataFileName(location: string): string {
  return path.basename(location);
}

/** The folder of a job's work files, made when missing. */
export async function workFolder(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, 'data-io', '.work');
  await mkdir(folder, { recursive: true });
  return folder;
}

/** A fresh work file for `name`, in the work folder; the caller removes it. */
export async function workFile(dataDir: string, name: string): Promise<string> {
  return path.join(await workFolder(dataDir), `${randomBytes(6).toString('hex')}-${name}`);
}

/** The files as they are today: under DATA_DIR/data-io. */
export function createFolderDataFileStore(dataDir: string): DataFileStore {
  const folder = path.join(dataDir, 'data-io');
  const fileOf = (name: string) => {
    assertFileName(name);
    return path.join(folder, name);
  };
  /** Written to a work file, renamed into place once whole. */
  const write = async (name: string, content: AsyncIterable<Uint8Array>): Promise<void> => {
    const target = fileOf(name);
    const part = await workFile(dataDir, `${name}.part`);
    try {
      await pipeline(content, createWriteStream(part));
      await rename(part, target);
    } finally {
      await rm(part, { force: true });
    }
  };
  return {
    description: `the folder ${folder}`,

    write,

    async keep(name, file) {
      const target = fileOf(name);
      await mkdir(folder, { recursive: true });
      try {
        await rename(file, target);
      } catch (error) {
        // The work file is on another disk than the folder: copied, then removed.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await write(name, createReadStream(file));
        await rm(file, { force: true });
      }
    },

    async openRead(name) {
      const file = fileOf(name);
      const stream = createReadStream(file);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) => {
          reject(error.code === 'ENOENT' ? new DataFileNotFoundError(name) : error);
        });
      });
      return stream;
    },

    async remove(name) {
      await rm(fileOf(name), { force: true });
    },

    async *list() {
      const entries = await readdir(folder, { withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile() || !FILE_NAME.test(entry.name)) continue;
        const info = await stat(path.join(folder, entry.name)).catch(() => undefined);
        if (info !== undefined) yield { name: entry.name, modifiedAt: info.mtime };
      }
    },

    locate: fileOf,

    async close() {},
  };
}

/** The store the settings name: the bucket when S3_BUCKET is set, else DATA_DIR/data-io. */
export async function openDataFileStore(
  dataDir: string,
  bucket: DocumentBucketConfig | undefined,
): Promise<DataFileStore> {
  if (bucket === undefined) return createFolderDataFileStore(dataDir);
  // Loaded only with a bucket: the AWS SDK is megabytes of code a folder does not need.
  const { createBucketDataFileStore } = await import('./bucket-data-file-store');
  return createBucketDataFileStore(bucket);
}

/**
 * Removes the files kept longer than DATA_FILE_RETENTION_MS at `now` (their jobs then offer
 * no file to download) and the work files a crash left on this instance; returns how many
 * files were removed.
 */
export async function sweepDataFiles(
  db: Kysely<Database>,
  store: DataFileStore,
  dataDir: string,
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - DATA_FILE_RETENTION_MS);
  const old: string[] = [];
  for await (const file of store.list()) {
    if (file.modifiedAt.getTime() < before.getTime()) old.push(file.name);
  }
  for (const name of old) {
    await store.remove(name);
    await db
      .updateTable('data_jobs')
      .set({ output_file: null })
      .where('output_file', '=', store.locate(name))
      .execute();
  }
  const work = await workFolder(dataDir);
  const leftBefore = now.getTime() - WORK_FILE_MAX_AGE_MS;
  let workRemoved = 0;
  for (const entry of await readdir(work)) {
    const file = path.join(work, entry);
    const info = await stat(file).catch(() => undefined);
    if (info === undefined || info.mtime.getTime() >= leftBefore) continue;
    await rm(file, { force: true });
    workRemoved += 1;
  }
  return old.length + workRemoved;
}
