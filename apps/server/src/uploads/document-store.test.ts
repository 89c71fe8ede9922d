import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_EXECUTABLE, SAMPLE_PDF, SAMPLE_PNG } from '../../test-fakes/sample-documents';
import {
  createFileDocumentStore,
  DocumentNotFoundError,
  DocumentTooLargeError,
} from './document-store';
import type { DocumentStore } from './document-store';

const synced = vi.hoisted(() => ({ paths: [] as string[] }));

// Records every fsync so the tests can tell that data and directory entries were flushed.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (file, flags, mode) => {
    const handle = await actual.open(file, flags, mode);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      synced.paths.push(String(file));
      return sync();
    };
    return handle;
  };
  return { ...actual, open };
});

let folder: string;
let store: DocumentStore;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'documents-'));
  store = createFileDocumentStore(folder);
  synced.paths.length = 0;
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function* chunks(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < data.byteLength; offset += size) {
    yield data.subarray(offset, offset + size);
  }
}

async function* failingHalfway(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data.subarray(0, 64);
  throw new Error('the upload stream was cut off');
}

/** Every file under the store's folder, relative to it. */
async function filesInStore(): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

describe('put', () => {
  it('reports the size, SHA-256 and sniffed type of what it stored', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    expect(stored).toEqual({
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
    const stored = await store.put(chunks(SAMPLE_EXECUTABLE, 50), { maxBytes: 10_000 });
    expect(stored.contentType).toBeNull();
  });

  it('flushes the content to disk before answering', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    expect(synced.paths).toEqual([path.join(folder, 'pending', stored.storageKey)]);
  });

  it('names files with random keys, never after the upload', async () => {
    const first = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    const second = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await store.commit(first.storageKey);
    expect(first.storageKey).not.toBe(second.storageKey);
    expect((await filesInStore()).sort()).toEqual(
      [path.join('pending', second.storageKey), path.join('stored', first.storageKey)].sort(),
    );
  });

  it('accepts content of exactly maxBytes', async () => {
    const stored = await store.put(chunks(SAMPLE_PNG, 10), { maxBytes: SAMPLE_PNG.byteLength });
    expect(stored.size).toBe(SAMPLE_PNG.byteLength);
  });

  it('refuses oversize content and leaves no file behind', async () => {
    const attempt = store.put(chunks(SAMPLE_PDF, 100), { maxBytes: SAMPLE_PDF.byteLength - 1 });
    await expect(attempt).rejects.toBeInstanceOf(DocumentTooLargeError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 413 });
    expect(await filesInStore()).toEqual([]);
  });

  it('passes on a stream error and leaves no partial file behind', async () => {
    await expect(store.put(failingHalfway(SAMPLE_PDF), { maxBytes: 10_000 })).rejects.toThrow(
      'the upload stream was cut off',
    );
    expect(await filesInStore()).toEqual([]);
  });

  it('refuses a maxBytes that is not a positive whole number', async () => {
    await expect(store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 0 })).rejects.toThrow(
      'maxBytes 0 is not valid',
    );
  });
});

describe('commit', () => {
  it('keeps the content intact and readable', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 7), { maxBytes: 10_000 });
    await store.commit(stored.storageKey);
    expect(await readAll(await store.open(stored.storageKey))).toEqual(Buffer.from(SAMPLE_PDF));
    expect(await readFile(path.join(folder, 'stored', stored.storageKey))).toEqual(
      Buffer.from(SAMPLE_PDF),
    );
  });

  it('flushes the directory that receives the document', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    synced.paths.length = 0;
    await store.commit(stored.storageKey);
    expect(synced.paths).toEqual([path.join(folder, 'stored')]);
  });

  it('is harmless when repeated', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await store.commit(stored.storageKey);
    await expect(store.commit(stored.storageKey)).resolves.toBeUndefined();
  });

  it('fails for a key that was never stored', async () => {
    await expect(store.commit('0'.repeat(32))).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('refuses a key that could name another path', async () => {
    await expect(store.commit('../../etc/passwd')).rejects.toThrow(
      'invalid storage key "../../etc/passwd"; expected 32 lowercase hex characters',
    );
  });
});

describe('commitMany', () => {
  it('commits every document of a claim, each readable', async () => {
    const first = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    const second = await store.put(chunks(SAMPLE_PNG, 100), { maxBytes: 10_000 });
    await store.commitMany([first.storageKey, second.storageKey]);
    expect(await readAll(await store.open(first.storageKey))).toEqual(Buffer.from(SAMPLE_PDF));
    expect(await readAll(await store.open(second.storageKey))).toEqual(Buffer.from(SAMPLE_PNG));
    expect((await filesInStore()).filter((file) => file.startsWith('pending'))).toEqual([]);
  });

  it('flushes the receiving directory once for all the documents', async () => {
    const keys = [];
    for (let index = 0; index < 3; index += 1) {
      keys.push((await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 })).storageKey);
    }
    synced.paths.length = 0;
    await store.commitMany(keys);
    expect(synced.paths).toEqual([path.join(folder, 'stored')]);
  });

  it('does nothing for no documents', async () => {
    await store.commitMany([]);
    expect(synced.paths).toEqual([]);
  });

  it('fails when one of the keys was never stored', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await expect(store.commitMany([stored.storageKey, '0'.repeat(32)])).rejects.toBeInstanceOf(
      DocumentNotFoundError,
    );
  });

  it('refuses a key that could name another path before moving any document', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await expect(store.commitMany([stored.storageKey, '../x'])).rejects.toThrow(
      'invalid storage key "../x"',
    );
    expect(await filesInStore()).toEqual([path.join('pending', stored.storageKey)]);
  });
});

describe('remove', () => {
  it('deletes a pending document', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await store.remove(stored.storageKey);
    expect(await filesInStore()).toEqual([]);
  });

  it('deletes a committed document', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await store.commit(stored.storageKey);
    await store.remove(stored.storageKey);
    expect(await filesInStore()).toEqual([]);
  });

  it('does not fail for a document that does not exist', async () => {
    await expect(store.remove('f'.repeat(32))).resolves.toBeUndefined();
  });
});

describe('open', () => {
  it('does not read a document that was not committed', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await expect(store.open(stored.storageKey)).rejects.toBeInstanceOf(DocumentNotFoundError);
  });
});

describe('openPending', () => {
  it('reads a pending document as it was received', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    expect(await readAll(await store.openPending(stored.storageKey))).toEqual(
      Buffer.from(SAMPLE_PDF),
    );
  });

  it('does not read a document once it is committed', async () => {
    const stored = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await store.commit(stored.storageKey);
    await expect(store.openPending(stored.storageKey)).rejects.toBeInstanceOf(
      DocumentNotFoundError,
    );
  });

  it('refuses a key that could name another path', async () => {
    await expect(store.openPending('../stored/x')).rejects.toThrow(/invalid storage key/);
  });
});

describe('sweepPending', () => {
  it('removes only pending documents older than the given time', async () => {
    const old = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    const recent = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    const committed = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await store.commit(committed.storageKey);
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600 * 1000);
    await utimes(path.join(folder, 'pending', old.storageKey), lastWeek, lastWeek);

    expect(await store.sweepPending(new Date(Date.now() - 3600 * 1000))).toBe(1);
    expect((await filesInStore()).sort()).toEqual(
      [path.join('pending', recent.storageKey), path.join('stored', committed.storageKey)].sort(),
    );
  });
});

describe('sweepUnreferenced', () => {
  const lastWeek = () => new Date(Date.now() - 7 * 24 * 3600 * 1000);
  const anHourAgo = () => new Date(Date.now() - 3600 * 1000);

  it('removes only committed documents no claim references, committed before the given time', async () => {
    const [orphan, claimed, recent, pending] = await Promise.all(
      [1, 2, 3, 4].map(() => store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 })),
    );
    await store.commitMany([orphan!.storageKey, claimed!.storageKey, recent!.storageKey]);
    for (const document of [orphan!, claimed!]) {
      await utimes(path.join(folder, 'stored', document.storageKey), lastWeek(), lastWeek());
    }
    const asked: string[] = [];
    const removed = await store.sweepUnreferenced(anHourAgo(), async (storageKeys) => {
      asked.push(...storageKeys);
      return new Set(storageKeys.filter((key) => key === claimed!.storageKey));
    });
    expect(removed).toBe(1);
    expect(asked.sort()).toEqual(
      [orphan!.storageKey, claimed!.storageKey, recent!.storageKey].sort(),
    );
    expect((await filesInStore()).sort()).toEqual(
      [
        path.join('pending', pending!.storageKey),
        path.join('stored', claimed!.storageKey),
        path.join('stored', recent!.storageKey),
      ].sort(),
    );
  });

  it('dates a document from its commit, not from when its upload was written', async () => {
    const slow = await store.put(chunks(SAMPLE_PDF, 100), { maxBytes: 10_000 });
    await utimes(path.join(folder, 'pending', slow.storageKey), lastWeek(), lastWeek());
    await store.commit(slow.storageKey);
    expect(await store.sweepUnreferenced(anHourAgo(), async () => new Set())).toBe(0);
  });
});
