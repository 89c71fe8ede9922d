import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SharedSync } from '../db/group-commit';
import {
  assertStorageKey,
  DocumentMeter,
  DocumentNotFoundError,
  DocumentStoreUnavailableError,
  isStorageKey,
  sweepOlder,
  sweepUnreferencedDocuments,
  type DocumentStore,
  type ListedDocument,
} from './document-store';

/**
 * The bytes gathered from the upload before each write: the socket hands them over in chunks
 * of 16 to 64 KB, and each write is a trip to the thread pool the event loop pays for, so a
 * 200 KB document costs two writes instead of a dozen. At most this much (and one chunk) is
 * held per upload.
 */
const WRITE_BYTES = 128 * 1024;

/**
 * Documents as files under `folder` (which must be outside every folder the server serves):
 * `pending/<key>` while a claim is being received, `stored/<key>` once committed.
 */
export function createFolderDocumentStore(folder: string): DocumentStore {
  const root = path.resolve(folder);
  const pendingDir = path.join(root, 'pending');
  const storedDir = path.join(root, 'stored');
  const pendingPath = (key: string) => path.join(pendingDir, key);
  const storedPath = (key: string) => path.join(storedDir, key);

  let ready: Promise<void> | undefined;
  const ensureFolders = (): Promise<void> => {
    ready ??= (async () => {
      await mkdir(pendingDir, { recursive: true, mode: 0o700 });
      await mkdir(storedDir, { recursive: true, mode: 0o700 });
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  // Claims committing their documents at the same time share one sync of the folder.
  const storedDirSync = new SharedSync(() => syncDirectory(storedDir));

  const commitMany: DocumentStore['commitMany'] = async (documents) => {
    const storageKeys = documents.map((document) => document.storageKey);
    storageKeys.forEach(assertStorageKey);
    if (storageKeys.length === 0) return;
    await ensureFolders();
    const committedAt = new Date();
    for (const storageKey of storageKeys) {
      try {
        await rename(pendingPath(storageKey), storedPath(storageKey));
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (!(await exists(storedPath(storageKey)))) throw new DocumentNotFoundError(storageKey);
      }
      // The modification time becomes the commit time, which sweepUnreferenced goes by: the
      // time the content was written may be long before on a slow upload.
      await utimes(storedPath(storageKey), committedAt, committedAt);
    }
    // A rename is durable only once the directory that now holds the entry is synced; one
    // sync covers every rename before it, this claim's and those of the claims beside it.
    await storedDirSync.wait();
  };

  const readFile = async (storageKey: string, at: (key: string) => string): Promise<Readable> => {
    assertStorageKey(storageKey);
    let handle: FileHandle;
    try {
      handle = await open(at(storageKey), 'r');
    } catch (error) {
      if (isMissing(error)) throw new DocumentNotFoundError(storageKey);
      throw error;
    }
    return handle.createReadStream();
  };

  /** The documents in `directory`, each dated by its file's modification time. */
  async function* list(directory: string): AsyncGenerator<ListedDocument> {
    await ensureFolders();
    for (const name of await readdir(directory)) {
      if (!isStorageKey(name)) continue;
      const modifiedAt = await modificationTime(path.join(directory, name));
      if (modifiedAt !== null) yield { storageKey: name, modifiedAt };
    }
  }

  return {
    description: `the folder ${root}`,

    async put(source, { maxBytes }) {
      const meter = new DocumentMeter(maxBytes);
      await ensureFolders();
      const storageKey = randomBytes(16).toString('hex');
      const file = pendingPath(storageKey);
      const handle = await open(file, 'wx', 0o600);
      try {
        try {
          let gathered: Uint8Array[] = [];
          let gatheredBytes = 0;
          for await (const chunk of source) {
            meter.take(chunk);
            gathered.push(chunk);
            gatheredBytes += chunk.byteLength;
            if (gatheredBytes >= WRITE_BYTES) {
              await writeAll(handle, gathered, gatheredBytes);
              gathered = [];
              gatheredBytes = 0;
            }
          }
          if (gatheredBytes > 0) await writeAll(handle, gathered, gatheredBytes);
          // The claimant is told the claim is filed only after this point, so the data itself
          // must be on disk, not in the page cache.
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return meter.stored(storageKey);
    },

    commit: (document) => commitMany([document]),

    commitMany,

    async remove(storageKey) {
      assertStorageKey(storageKey);
      await rm(pendingPath(storageKey), { force: true });
      await rm(storedPath(storageKey), { force: true });
    },

    openRead: (storageKey) => readFile(storageKey, storedPath),

    async stat(storageKey) {
      assertStorageKey(storageKey);
      try {
        return { size: (await stat(storedPath(storageKey))).size };
      } catch (error) {
        if (isMissing(error)) throw new DocumentNotFoundError(storageKey);
        throw error;
      }
    },

    openPending: (storageKey) => readFile(storageKey, pendingPath),

    sweepPending: (olderThan) =>
      sweepOlder(list(pendingDir), olderThan, ({ storageKey }) =>
        removeIfOlder(pendingPath(storageKey), olderThan),
      ),

    sweepUnreferenced: (committedBefore, referenced) =>
      sweepUnreferencedDocuments(list(storedDir), committedBefore, referenced, ({ storageKey }) =>
        removeIfOlder(storedPath(storageKey), committedBefore),
      ),

    async check() {
      try {
        await ensureFolders();
        for (const directory of [pendingDir, storedDir]) {
          await access(directory, constants.R_OK | constants.W_OK);
        }
      } catch (error) {
        throw new DocumentStoreUnavailableError(
          `the document folder ${root} cannot be written: ${(error as Error).message}`,
          { cause: error },
        );
      }
    },

    close: async () => {},
  };
}

/**
 * Writes the chunks in order with one writev, without copying them into one buffer (a copy of
 * 128 KB a write would be memory the allocator keeps); what a short write left is written after.
 */
async function writeAll(
  handle: FileHandle,
  chunks: readonly Uint8Array[],
  bytes: number,
): Promise<void> {
  const { bytesWritten } = await handle.writev(chunks as Uint8Array[]);
  if (bytesWritten < bytes) {
    await writeFully(handle, Buffer.concat(chunks, bytes).subarray(bytesWritten));
  }
}

async function writeFully(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

async function syncDirectory(directory: string): Promise<void> {
  // Windows cannot open a directory to sync it.
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes the file if it was last written before `before`; false when it is newer (committed
 * again meanwhile) or was already gone (committed or removed meanwhile).
 */
async function removeIfOlder(file: string, before: Date): Promise<boolean> {
  const modifiedAt = await modificationTime(file);
  if (modifiedAt === null || modifiedAt.getTime() >= before.getTime()) return false;
  await rm(file, { force: true });
  return true;
}

/** The file's modification time; null when it does not exist. */
async function modificationTime(file: string): Promise<Date | null> {
  try {
    return (await stat(file)).mtime;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  return (await modificationTime(file)) !== null;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
