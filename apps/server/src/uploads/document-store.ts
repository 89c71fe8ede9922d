import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sniffFileType, SNIFF_LENGTH } from '@claims/core/documents/file-type';
import type { DocumentContentType } from '@claims/core/documents/file-type';

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

/** What committing needs of a document: its key, and its SHA-256 to keep beside it. */
export type CommittableDocument = Pick<StoredDocument, 'storageKey' | 'sha256'>;

export interface PutOptions {
  /** Larger content is refused with DocumentTooLargeError and nothing is kept. */
  maxBytes: number;
}

/** A committed document as the store describes it, without reading it. */
export interface DocumentStat {
  size: number;
}

/**
 * Where claim documents live: a local folder or an S3-compatible bucket
 * (docs/architecture.md#documents). A document is first put (pending), then committed once the
 * claim is accepted, or removed. Commit documents before the claim's own transaction commits
 * (and remove them if it is known to have failed), so a confirmed claim never points at a
 * pending document; committed documents of a claim that never committed are swept. The folder
 * keeps uploads apart from committed documents until their commit; the bucket keeps each
 * document where it will stay from its upload on, so that committing moves nothing, and tells
 * the two apart only by whether a claim references the document.
 */
export interface DocumentStore {
  /** Where the documents are kept, for the start-up log. */
  readonly description: string;
  /** Streams content into a pending document; on any failure nothing is left behind. */
  put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredDocument>;
  /**
   * Makes a pending document permanent and durable; committing twice is harmless.
   * DocumentNotFoundError when there is no such document.
   */
  commit(document: CommittableDocument): Promise<void>;
  /**
   * Makes several pending documents (a claim's) permanent and durable together, as cheaply as
   * the store allows; committing twice is harmless.
   */
  commitMany(documents: readonly CommittableDocument[]): Promise<void>;
  /** Deletes a pending or committed document; a missing one is not an error. */
  remove(storageKey: string): Promise<void>;
  /**
   * Reads a committed document (administrator downloads, exports); DocumentNotFoundError when
   * there is none. The bucket reads a document not yet committed all the same: callers pass
   * only the keys of claims' documents.
   */
  openRead(storageKey: string): Promise<Readable>;
  /**
   * Describes a committed document; DocumentNotFoundError when there is none (the bucket, as
   * openRead, describes one not yet committed all the same).
   */
  stat(storageKey: string): Promise<DocumentStat>;
  /** Reads a pending document (to scan it before its claim commits). */
  openPending(storageKey: string): Promise<Readable>;
  /**
   * Removes uploads older than the given time that were never committed (left by a crash);
   * returns how many. The bucket leaves its own uploads to sweepUnreferenced and removes here
   * only what earlier versions left under `pending/`.
   */
  sweepPending(olderThan: Date): Promise<number>;
  /**
   * Removes documents written before the given time that no claim references, as `referenced`
   * tells of a batch of keys: committed documents left by a crash between committing a claim's
   * documents and committing the claim, and, in the bucket, uploads never committed. The
   * folder dates a document from its commit, the bucket from its upload, so the given time must
   * lie further back than any submission lasts, from its first upload to its claim's commit.
   * Returns how many.
   */
  sweepUnreferenced(committedBefore: Date, referenced: ReferencedKeys): Promise<number>;
  /** Resolves when documents can be written and read; DocumentStoreUnavailableError if not. */
  check(): Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** Which of a batch of storage keys a claim references. */
export type ReferencedKeys = (storageKeys: readonly string[]) => Promise<ReadonlySet<string>>;

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

/** The store cannot be reached or refuses the server's requests; the cause tells why. */
export class DocumentStoreUnavailableError extends Error {
  override name = 'DocumentStoreUnavailableError';
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

export function isStorageKey(name: string): boolean {
  return STORAGE_KEY.test(name);
}

export function assertStorageKey(storageKey: string): void {
  // Keys become file and object names: anything else could reach outside the store.
  if (!STORAGE_KEY.test(storageKey)) {
    throw new Error(`invalid storage key "${storageKey}"; expected 32 lowercase hex characters`);
  }
}

/**
 * Size, SHA-256 and sniffed type of a document, taken from its bytes as they stream past;
 * refuses more than `maxBytes` with DocumentTooLargeError.
 */
export class DocumentMeter {
  private size = 0;
  private readonly hash = createHash('sha256');
  private readonly head = new Uint8Array(SNIFF_LENGTH);
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    if (!Number.isInteger(maxBytes) || maxBytes < 1) {
      throw new Error(
        `maxBytes ${maxBytes} is not valid; expected a whole number of bytes above 0`,
      );
    }
  }

  take(chunk: Uint8Array): void {
    this.size += chunk.byteLength;
    if (this.size > this.maxBytes) throw new DocumentTooLargeError(this.maxBytes);
    if (this.headLength < SNIFF_LENGTH) {
      const part = chunk.subarray(0, SNIFF_LENGTH - this.headLength);
      this.head.set(part, this.headLength);
      this.headLength += part.byteLength;
    }
    this.hash.update(chunk);
  }

  stored(storageKey: string): StoredDocument {
    return {
      storageKey,
      size: this.size,
      sha256: this.hash.digest('hex'),
      contentType: sniffFileType(this.head.subarray(0, this.headLength)),
    };
  }
}

/**
 * A document a store lists, with the time it was last written (in the folder, its commit once
 * it is committed).
 */
export interface ListedDocument {
  storageKey: string;
  modifiedAt: Date;
}

/** Keys looked up in one call of sweepUnreferenced's `referenced`. */
const SWEEP_BATCH = 500;

/**
 * Removes the listed documents written before `before`; `remove` answers whether it removed
 * one (false when it changed or went meanwhile). Returns how many were removed.
 */
export async function sweepOlder(
  listed: AsyncIterable<ListedDocument>,
  before: Date,
  remove: (document: ListedDocument) => Promise<boolean>,
): Promise<number> {
  let removed = 0;
  for await (const document of listed) {
    if (document.modifiedAt.getTime() >= before.getTime()) continue;
    if (await remove(document)) removed += 1;
  }
  return removed;
}

/**
 * The sweep of committed documents both stores share: of the listed documents committed before
 * `committedBefore` (a recent one may belong to a claim whose transaction has not committed
 * yet), those `referenced` does not name, asked in batches, are removed. Returns how many.
 */
export async function sweepUnreferencedDocuments(
  listed: AsyncIterable<ListedDocument>,
  committedBefore: Date,
  referenced: ReferencedKeys,
  remove: (document: ListedDocument) => Promise<boolean>,
): Promise<number> {
  let removed = 0;
  let batch: ListedDocument[] = [];
  const settle = async () => {
    const kept = await referenced(batch.map((document) => document.storageKey));
    for (const document of batch) {
      if (!kept.has(document.storageKey) && (await remove(document))) removed += 1;
    }
    batch = [];
  };
  for await (const document of listed) {
    if (document.modifiedAt.getTime() >= committedBefore.getTime()) continue;
    batch.push(document);
    if (batch.length === SWEEP_BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return removed;
}
