import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_EXECUTABLE, SAMPLE_PDF, SAMPLE_PNG } from '../../test-fakes/sample-documents';
import { startTestBucket } from '../../test-fakes/s3-bucket';
import { createBucketDocumentStore, PART_SIZE } from './bucket-document-store';
import { DocumentNotFoundError, DocumentTooLargeError } from './document-store';
import type { DocumentStore } from './document-store';
import { createFolderDocumentStore } from './folder-document-store';

/**
 * A store under test, and a look at what it holds from outside. A committed document is
 * "stored/<key>" in both stores; an upload not yet committed is `uploaded(key)`.
 */
interface StoreUnderTest {
  store: DocumentStore;
  /** Every object held, as "pending/<key>" or "stored/<key>". */
  objects(): Promise<string[]>;
  /** The object of a document put and not yet committed. */
  uploaded(storageKey: string): string;
  /** Dates an object ("pending/<key>" or "stored/<key>") as last written at `date`. */
  backdate(object: string, date: Date): Promise<void>;
  close(): Promise<void>;
}

async function folderStore(): Promise<StoreUnderTest> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'documents-'));
  return {
    store: createFolderDocumentStore(folder),
    uploaded: (storageKey) => `pending/${storageKey}`,
    async objects() {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    },
    backdate: (object, date) => utimes(path.join(folder, object), date, date),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}

async function bucketStore(): Promise<StoreUnderTest> {
  const bucket = await startTestBucket();
  const store = createBucketDocumentStore(bucket.config);
  return {
    store,
    uploaded: (storageKey) => `stored/${storageKey}`,
    objects: () => bucket.keys(),
    backdate: (object, date) => bucket.backdate(object, date),
    async close() {
      await store.close();
      await bucket.stop();
    },
  };
}

async function* chunks(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < data.byteLength; offset += size) {
    yield data.subarray(offset, offset + size);
  }
}

async function* failingHalfway(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data.subarray(0, 64);
  throw new Error('the upload stream was cut off');
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const sorted = (names: string[]) => [...names].sort();
const lastWeek = () => new Date(Date.now() - 7 * 24 * 3600 * 1000);
const anHourAgo = () => new Date(Date.now() - 3600 * 1000);

describe.each([
  { kind: 'folder', open: folderStore },
  { kind: 'bucket', open: bucketStore },
])('the $kind document store', ({ open }) => {
  let subject: StoreUnderTest;
  let store: DocumentStore;
  const put = (data: Uint8Array, maxBytes = 10_000) => store.put(chunks(data, 100), { maxBytes });

  beforeEach(async () => {
    subject = await open();
    store = subject.store;
  });
  afterEach(async () => {
    await subject.close();
  });

  describe('put', () => {
    it('reports the size, SHA-256 and sniffed type of what it stored', async () => {
      expect(await put(SAMPLE_PDF)).toEqual({
        storageKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        size: SAMPLE_PDF.byteLength,
        sha256: createHash('sha256').update(SAMPLE_PDF).digest('hex'),
        contentType: 'application/pdf',
      });
    });

    it('sniffs the type across chunk boundaries', async () => {
      const stored = await store.put(chunks(SAMPLE_PNG, 3), { maxBytes: 10_000 });
      expect(stored.contentType).toBe('image/png');
    });

    it('reports no type for content that is not an allowed document', async () => {
      expect((await put(SAMPLE_EXECUTABLE)).contentType).toBeNull();
    });

    it('names objects with random keys, never after the upload', async () => {
      const first = await put(SAMPLE_PDF);
      const second = await put(SAMPLE_PDF);
      await store.commit(first);
      expect(first.storageKey).not.toBe(second.storageKey);
      expect(sorted(await subject.objects())).toEqual(
        sorted([subject.uploaded(second.storageKey), `stored/${first.storageKey}`]),
      );
    });

    it('accepts content of exactly maxBytes', async () => {
      expect((await put(SAMPLE_PNG, SAMPLE_PNG.byteLength)).size).toBe(SAMPLE_PNG.byteLength);
    });

    it('keeps a document larger than one upload part intact', async () => {
      const large = Buffer.concat([Buffer.from(SAMPLE_PDF), randomBytes(PART_SIZE + 300_000)]);
      const stored = await store.put(chunks(large, 64 * 1024), { maxBytes: large.byteLength });
      await store.commit(stored);
      expect(stored.sha256).toBe(createHash('sha256').update(large).digest('hex'));
      expect((await readAll(await store.openRead(stored.storageKey))).equals(large)).toBe(true);
    });

    it('refuses oversize content and leaves nothing behind', async () => {
      const attempt = put(SAMPLE_PDF, SAMPLE_PDF.byteLength - 1);
      await expect(attempt).rejects.toBeInstanceOf(DocumentTooLargeError);
      await expect(attempt).rejects.toMatchObject({ statusCode: 413 });
      expect(await subject.objects()).toEqual([]);
    });

    it('passes on a stream error and leaves nothing behind', async () => {
      await expect(store.put(failingHalfway(SAMPLE_PDF), { maxBytes: 10_000 })).rejects.toThrow(
        'the upload stream was cut off',
      );
      expect(await subject.objects()).toEqual([]);
    });

    it('passes on a stream error after more than one part and leaves nothing behind', async () => {
      async function* cutAfterOnePart(): AsyncGenerator<Uint8Array> {
        yield* chunks(randomBytes(PART_SIZE + 1024), 64 * 1024);
        throw new Error('the upload stream was cut off');
      }
      await expect(store.put(cutAfterOnePart(), { maxBytes: 2 * PART_SIZE })).rejects.toThrow(
        'the upload stream was cut off',
      );
      expect(await subject.objects()).toEqual([]);
    });

    it('refuses a maxBytes that is not a positive whole number', async () => {
      await expect(put(SAMPLE_PDF, 0)).rejects.toThrow('maxBytes 0 is not valid');
    });
  });

  describe('commit', () => {
    it('keeps the content intact and readable', async () => {
      const stored = await store.put(chunks(SAMPLE_PDF, 7), { maxBytes: 10_000 });
      await store.commit(stored);
      expect(await readAll(await store.openRead(stored.storageKey))).toEqual(
        Buffer.from(SAMPLE_PDF),
      );
      expect(await subject.objects()).toEqual([`stored/${stored.storageKey}`]);
    });

    it('is harmless when repeated', async () => {
      const stored = await put(SAMPLE_PDF);
      await store.commit(stored);
      await expect(store.commit(stored)).resolves.toBeUndefined();
      expect(await subject.objects()).toEqual([`stored/${stored.storageKey}`]);
    });

    it('fails for a key that was never stored', async () => {
      await expect(store.commit({ storageKey: '0'.repeat(32), sha256: '' })).rejects.toBeInstanceOf(
        DocumentNotFoundError,
      );
    });

    it('refuses a key that could name another object', async () => {
      await expect(store.commit({ storageKey: '../../etc/passwd', sha256: '' })).rejects.toThrow(
        'invalid storage key "../../etc/passwd"; expected 32 lowercase hex characters',
      );
    });
  });

  describe('commitMany', () => {
    it('commits every document of a claim, each readable', async () => {
      const first = await put(SAMPLE_PDF);
      const second = await put(SAMPLE_PNG);
      await store.commitMany([first, second]);
      expect(await readAll(await store.openRead(first.storageKey))).toEqual(
        Buffer.from(SAMPLE_PDF),
      );
      expect(await readAll(await store.openRead(second.storageKey))).toEqual(
        Buffer.from(SAMPLE_PNG),
      );
      expect(sorted(await subject.objects())).toEqual(
        sorted([`stored/${first.storageKey}`, `stored/${second.storageKey}`]),
      );
    });

    it('does nothing for no documents', async () => {
      const stored = await put(SAMPLE_PDF);
      await store.commitMany([]);
      expect(await subject.objects()).toEqual([subject.uploaded(stored.storageKey)]);
    });

    it('fails when one of the keys was never stored', async () => {
      const stored = await put(SAMPLE_PDF);
      await expect(
        store.commitMany([stored, { storageKey: '0'.repeat(32), sha256: '' }]),
      ).rejects.toBeInstanceOf(DocumentNotFoundError);
    });

    it('refuses a key that could name another object before moving any document', async () => {
      const stored = await put(SAMPLE_PDF);
      await expect(store.commitMany([stored, { storageKey: '../x', sha256: '' }])).rejects.toThrow(
        'invalid storage key "../x"',
      );
      expect(await subject.objects()).toEqual([subject.uploaded(stored.storageKey)]);
    });
  });

  describe('remove', () => {
    it('deletes a pending document', async () => {
      await store.remove((await put(SAMPLE_PDF)).storageKey);
      expect(await subject.objects()).toEqual([]);
    });

    it('deletes a committed document', async () => {
      const stored = await put(SAMPLE_PDF);
      await store.commit(stored);
      await store.remove(stored.storageKey);
      expect(await subject.objects()).toEqual([]);
    });

    it('does not fail for a document that does not exist', async () => {
      await expect(store.remove('f'.repeat(32))).resolves.toBeUndefined();
    });
  });

  describe('openRead and stat', () => {
    it('describe a committed document by its size', async () => {
      const stored = await put(SAMPLE_PNG);
      await store.commit(stored);
      expect(await store.stat(stored.storageKey)).toEqual({ size: SAMPLE_PNG.byteLength });
    });

    it('do not reach a document that was never stored or was removed', async () => {
      const stored = await put(SAMPLE_PDF);
      await store.commit(stored);
      await store.remove(stored.storageKey);
      for (const storageKey of [stored.storageKey, '0'.repeat(32)]) {
        await expect(store.openRead(storageKey)).rejects.toBeInstanceOf(DocumentNotFoundError);
        await expect(store.stat(storageKey)).rejects.toBeInstanceOf(DocumentNotFoundError);
      }
    });

    it('refuse a key that could name another object', async () => {
      await expect(store.openRead('../pending/x')).rejects.toThrow(/invalid storage key/);
      await expect(store.stat('../pending/x')).rejects.toThrow(/invalid storage key/);
    });
  });

  describe('openPending', () => {
    it('reads a pending document as it was received', async () => {
      const stored = await put(SAMPLE_PDF);
      expect(await readAll(await store.openPending(stored.storageKey))).toEqual(
        Buffer.from(SAMPLE_PDF),
      );
    });

    it('does not read a document that was removed', async () => {
      const stored = await put(SAMPLE_PDF);
      await store.remove(stored.storageKey);
      await expect(store.openPending(stored.storageKey)).rejects.toBeInstanceOf(
        DocumentNotFoundError,
      );
    });

    it('refuses a key that could name another object', async () => {
      await expect(store.openPending('../stored/x')).rejects.toThrow(/invalid storage key/);
    });
  });

  describe('sweepPending', () => {
    it('leaves committed documents, however old', async () => {
      const committed = await put(SAMPLE_PDF);
      await store.commit(committed);
      await subject.backdate(`stored/${committed.storageKey}`, lastWeek());

      expect(await store.sweepPending(anHourAgo())).toBe(0);
      expect(await subject.objects()).toEqual([`stored/${committed.storageKey}`]);
    });
  });

  describe('the two sweeps together', () => {
    it('remove an upload never committed once it is older than the given time', async () => {
      const old = await put(SAMPLE_PDF);
      const recent = await put(SAMPLE_PDF);
      await subject.backdate(subject.uploaded(old.storageKey), lastWeek());

      const removed =
        (await store.sweepPending(anHourAgo())) +
        (await store.sweepUnreferenced(anHourAgo(), async () => new Set()));
      expect(removed).toBe(1);
      expect(await subject.objects()).toEqual([subject.uploaded(recent.storageKey)]);
    });
  });

  describe('sweepUnreferenced', () => {
    it('removes only committed documents no claim references, committed before the given time', async () => {
      const [orphan, claimed, recent, pending] = await Promise.all(
        [1, 2, 3, 4].map(() => put(SAMPLE_PDF)),
      );
      await store.commitMany([orphan!, claimed!, recent!]);
      for (const document of [orphan!, claimed!]) {
        await subject.backdate(`stored/${document.storageKey}`, lastWeek());
      }
      const asked: string[] = [];
      const removed = await store.sweepUnreferenced(anHourAgo(), async (storageKeys) => {
        asked.push(...storageKeys);
        return new Set(storageKeys.filter((key) => key === claimed!.storageKey));
      });
      expect(removed).toBe(1);
      expect(sorted(asked)).toEqual(sorted([orphan!.storageKey, claimed!.storageKey]));
      expect(sorted(await subject.objects())).toEqual(
        sorted([
          subject.uploaded(pending!.storageKey),
          `stored/${claimed!.storageKey}`,
          `stored/${recent!.storageKey}`,
        ]),
      );
    });
  });

  describe('check', () => {
    it('resolves when documents can be written and read', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
});
