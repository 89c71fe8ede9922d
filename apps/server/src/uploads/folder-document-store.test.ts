import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type * as FsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_PDF } from '../../test-fakes/sample-documents';
import { DocumentStoreUnavailableError } from './document-store';
import type { DocumentStore, StoredDocument } from './document-store';
import { createFolderDocumentStore } from './folder-document-store';

/** What the folder store alone promises: the files it syncs. document-store.test.ts has the rest. */

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
  store = createFolderDocumentStore(folder);
  synced.paths.length = 0;
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

const put = (): Promise<StoredDocument> => store.put(once(SAMPLE_PDF), { maxBytes: 10_000 });

describe('the folder document store', () => {
  it('flushes the content to disk before answering a put', async () => {
    const stored = await put();
    expect(synced.paths).toEqual([path.join(folder, 'pending', stored.storageKey)]);
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

  it('reports a folder it cannot write as unavailable', async () => {
    const blocked = path.join(folder, 'a-file');
    await writeFile(blocked, '');
    const attempt = createFolderDocumentStore(blocked).check();
    await expect(attempt).rejects.toBeInstanceOf(DocumentStoreUnavailableError);
    await expect(attempt).rejects.toThrow(`the document folder ${blocked} cannot be written`);
  });
});
