import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sniffFileType, SNIFF_LENGTH } from './file-type';
import type { DocumentContentType } from './file-type';

/** A document received in full and made durable, not yet part of a claim. */
export interface StoredDocument {
  /** Generated name of the stored object; never derived from the claimant's file name. */
  storageKey: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  /** Type found in the content itself; null when it is not an allowed document type. */
  contentType: DocumentContentType | null;
}

export interface PutOptions {
  /** Larger content is refused with DocumentTooLargeError and nothing is kept. */
  maxBytes: number;
}

/**
 * Where claim documents live. A document is first put (pending), then committed once the
 * claim is accepted, or removed. Commit documents before the claim's own transaction commits
 * (and remove them if it is known to have failed), so a confirmed claim never points at a
 * pending document; committed documents of a claim that never committed are swept.
 * Keys are opaque, so an S3-compatible object store can implement the same interface.
 */
export interface DocumentStore {
  /** Streams content into a pending document; on any failure nothing is left behind. */
  put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredDocument>;
  /** Makes a pending document permanent and durable; committing twice is harmless. */
  commit(storageKey: string): Promise<void>;
  /**
   * Makes several pending documents (a claim's) permanent and durable together, at the cost of
   * one durable write instead of one per document; committing twice is harmless.
   */
  commitMany(storageKeys: readonly string[]): Promise<void>;
  /** Deletes a pending or committed document; a missing one is not an error. */
  remove(storageKey: string): Promise<void>;
  /** Reads a committed document (for export). */
  open(storageKey: string): Promise<Readable>;
  /** Reads a pending document (to scan it before its claim commits). */
  openPending(storageKey: string): Promise<Readable>;
  /** Removes pending documents older than the given time (left by a crash); returns how many. */
  sweepPending(olderThan: Date): Promise<number>;
  /**
   * Removes committed documents that were committed before the given time and that no claim
   * references, as `referenced` tells of a batch of keys: left by a crash between committing
   * a claim's documents and committing the claim. Returns how many.
   */
  sweepUnreferenced(
    committedBefore: Date,
    referenced: (storageKeys: readonly string[]) => Promise<ReadonlySet<string>>,
  ): Promise<number>;
}

/** Keys looked up in one call of sweepUnreferenced's `referenced`. */
const SWEEP_BATCH = 500;

export class DocumentTooLargeError extends Error {
  override name = 'DocumentTooLargeError';
  /** Fastify answers this status for an uncaught error carrying it. */
  readonly statusCode = 413;
  constructor(readonly maxBytes: number) {
    super(`the document is larger than the ${maxBytes} bytes allowed`);
  }
}

export class DocumentNotFoundError extends Error {
  override name = 'DocumentNotFoundError';
  constructor(readonly storageKey: string) {
    super(`no document is stored under "${storageKey}"`);
  }
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

function assertStorageKey(storageKey: string): void {
  // Keys become file names: anything else could reach outside the folder.
  if (!STORAGE_KEY.test(storageKey)) {
    throw new Error(`invalid storage key "${storageKey}"; expected 32 lowercase hex characters`);
  }
}

/**
 * Documents as files under `folder` (which must be outside every folder the server serves):
 * `pending/<key>` while a claim is being received, `stored/<key>` once committed.
 */
export function createFileDocumentStore(folder: string): DocumentStore {
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

  const commitMany = async (storageKeys: readonly string[]): Promise<void> => {
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
    // sync covers every rename before it.
    await syncDirectory(storedDir);
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

  return {
    async put(source, { maxBytes }) {
      if (!Number.isInteger(maxBytes) || maxBytes < 1) {
        throw new Error(
          `maxBytes ${maxBytes} is not valid; expected a whole number of bytes above 0`,
        );
      }
      await ensureFolders();
      const storageKey = randomBytes(16).toString('hex');
      const file = pendingPath(storageKey);
      const handle = await open(file, 'wx', 0o600);
      const hash = createHash('sha256');
      const head = new Uint8Array(SNIFF_LENGTH);
      let headLength = 0;
      let size = 0;
      try {
        try {
          for await (const chunk of source) {
            size += chunk.byteLength;
            if (size > maxBytes) throw new DocumentTooLargeError(maxBytes);
            if (headLength < SNIFF_LENGTH) {
              const part = chunk.subarray(0, SNIFF_LENGTH - headLength);
              head.set(part, headLength);
              headLength += part.byteLength;
            }
            hash.update(chunk);
            await writeFully(handle, chunk);
          }
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
      return {
        storageKey,
        size,
        sha256: hash.digest('hex'),
        contentType: sniffFileType(head.subarray(0, headLength)),
      };
    },

    commit: (storageKey) => commitMany([storageKey]),

    commitMany,

    async remove(storageKey) {
      assertStorageKey(storageKey);
      await rm(pendingPath(storageKey), { force: true });
      await rm(storedPath(storageKey), { force: true });
    },

    open: (storageKey) => readFile(storageKey, storedPath),

    openPending: (storageKey) => readFile(storageKey, pendingPath),

    async sweepPending(olderThan) {
      await ensureFolders();
      let removed = 0;
      for (const name of await readdir(pendingDir)) {
        if (!STORAGE_KEY.test(name)) continue;
        if (await removeIfOlder(pendingPath(name), olderThan)) removed += 1;
      }
      return removed;
    },

    async sweepUnreferenced(committedBefore, referenced) {
      await ensureFolders();
      const names = (await readdir(storedDir)).filter((name) => STORAGE_KEY.test(name));
      let removed = 0;
      for (let start = 0; start < names.length; start += SWEEP_BATCH) {
        const batch = names.slice(start, start + SWEEP_BATCH);
        const kept = await referenced(batch);
        for (const name of batch) {
          if (kept.has(name)) continue;
          // A recent one may belong to a claim whose transaction has not committed yet.
          if (await removeIfOlder(storedPath(name), committedBefore)) removed += 1;
        }
      }
      return removed;
    },
  };
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
 * Removes the file if it was last written before `before`; false when it is newer or was
 * already gone (committed or removed meanwhile).
 */
async function removeIfOlder(file: string, before: Date): Promise<boolean> {
  try {
    const { mtime } = await stat(file);
    if (mtime.getTime() >= before.getTime()) return false;
    await rm(file, { force: true });
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
