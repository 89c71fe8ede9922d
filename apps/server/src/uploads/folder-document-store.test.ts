import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { DocumentNotFoundError, DocumentStoreUnavailableError } from './document-store';
import type { DocumentStore, StoredDocument } from './document-store';
import { createFolderDocumentStore } from './folder-document-store';

/**
 * What the folder store alone promises: the files it syncs, and uploads kept apart from
 * committed documents until their commit. document-store.test.ts has the rest.
 */

const synced = vi.hoisted(() => ({ paths: [] as string[], writes: 0 }));

// Records every fsync so the tests can tell that data and directory entries were flushed, and
// counts the writes to files.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (file, flags, mode) => {
    const handle = await actual.open(file, flags, mode);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      synced.paths.push(String(file));
      return sync();
    };
    const write = handle.write.bind(handle) as (...args: unknown[]) => Promise<unknown>;
    handle.write = ((...args: unknown[]) => {
      synced.writes += 1;
      return write(...args);
    }) as typeof handle.write;
    const writev = handle.writev.bind(handle);
    handle.writev = (...args) => {
      synced.writes += 1;
      return writev(...args);
    };
    return handle;
  };
  return { ...actual, open };
});

let folder: string;
let store: DocumentStore;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'documents-'));
  store = createFolderDocumentStore(folder);
  synced.paths.length = 0;
  synced.writes = 0;
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

const put = (): Promise<StoredDocument> => store.put(once(SAMPLE_PDF), { maxBytes: 10_000 });

/** Every file held, as "pending/<key>" or "stored/<key>". */
async function files(): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

const backdate = (file: string, date: Date) => utimes(path.join(folder, file), date, date);
const lastWeek = () => new Date(Date.now() - 7 * 24 * 3600 * 1000);
const anHourAgo = () => new Date(Date.now() - 3600 * 1000);

describe('the folder document store', () => {
  it('flushes the content to disk before answering a put', async () => {
    const stored = await put();
    expect(synced.paths).toEqual([path.join(folder, 'pending', stored.storageKey)]);
  });

  it('writes an upload that arrives in small chunks in a few large writes, intact', async () => {
    const content = randomBytes(300 * 1024);
    async function* smallChunks(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < content.byteLength; at += 4096) yield content.subarray(at, at + 4096);
    }
    const stored = await store.put(smallChunks(), { maxBytes: content.byteLength });
    expect(synced.writes).toBe(3);
    const written = await readFile(path.join(folder, 'pending', stored.storageKey));
    expect(written.equals(content)).toBe(true);
  });

  it('flushes the directory that receives a committed document', async () => {
    const stored = await put();
    synced.paths.length = 0;
    await store.commit(stored);
    expect(synced.paths).toEqual([path.join(folder, 'stored')]);
  });

  it('flushes the receiving directory once for all the documents of a claim', async () => {
    const documents = [await put(), await put(), await put()];
    synced.paths.length = 0;
    await store.commitMany(documents);
    expect(synced.paths).toEqual([path.join(folder, 'stored')]);
  });

  it('flushes nothing when committing no documents', async () => {
    await store.commitMany([]);
    expect(synced.paths).toEqual([]);
  });

  it('does not read or describe an upload as a committed document', async () => {
    const stored = await put();
    await expect(store.openRead(stored.storageKey)).rejects.toBeInstanceOf(DocumentNotFoundError);
    await expect(store.stat(stored.storageKey)).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('does not read a committed document as an upload', async () => {
    const stored = await put();
    await store.commit(stored);
    await expect(store.openPending(stored.storageKey)).rejects.toBeInstanceOf(
      DocumentNotFoundError,
    );
  });

  it('sweeps uploads never committed that are older than the given time, and no others', async () => {
    const [old, recent] = [await put(), await put()];
    await backdate(`pending/${old.storageKey}`, lastWeek());

    expect(await store.sweepPending(anHourAgo())).toBe(1);
    expect(await files()).toEqual([`pending/${recent.storageKey}`]);
  });

  it('dates a document from its commit, not from when its upload was written', async () => {
    const slow = await put();
    await backdate(`pending/${slow.storageKey}`, lastWeek());
    await store.commit(slow);
    expect(await store.sweepUnreferenced(anHourAgo(), async () => new Set())).toBe(0);
    expect(await files()).toEqual([`stored/${slow.storageKey}`]);
  });

  it('reports a folder it cannot write as unavailable', async () => {
    const blocked = path.join(folder, 'a-file');
    await writeFile(blocked, '');
    const attempt = createFolderDocumentStore(blocked).check();
    await expect(attempt).rejects.toBeInstanceOf(DocumentStoreUnavailableError);
    await expect(attempt).rejects.toThrow(`the document folder ${blocked} cannot be written`);
  });
});
