import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../test-fakes/s3-bucket';
import { openTestDatabase } from '../test/test-app';
import { PART_SIZE } from '../uploads/bucket-document-store';
import { createBucketDataFileStore } from './bucket-data-file-store';
import {
  createFolderDataFileStore,
  DATA_FILE_RETENTION_MS,
  DataFileNotFoundError,
  sweepDataFiles,
  workFile,
  type DataFileStore,
} from './data-file-store';
import { createDataJob, findDataJob, updateDataJob } from './data-jobs';

/** The data files of imports and exports, in the folder and in the bucket alike. */

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function names(store: DataFileStore): Promise<string[]> {
  const listed: string[] = [];
  for await (const file of store.list()) listed.push(file.name);
  return listed.sort();
}

interface Setup {
  store: DataFileStore;
  /** Dates the file `name` as written at `date`. */
  backdate(name: string, date: Date): Promise<void>;
}

let dataDir: string;
let bucket: TestBucket | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'claims-data-io-'));
});
afterEach(async () => {
  await bucket?.stop();
  bucket = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const setups: Record<'folder' | 'bucket', () => Promise<Setup>> = {
  folder: async () => ({
    store: createFolderDataFileStore(dataDir),
    backdate: (name, date) => utimes(path.join(dataDir, 'data-io', name), date, date),
  }),
  bucket: async () => {
    const started = await startTestBucket();
    bucket = started;
    const store = createBucketDataFileStore(started.config);
    return { store, backdate: (name, date) => started.backdate(`data-io/${name}`, date) };
  },
};

describe.each(['folder', 'bucket'] as const)('the data files in the %s', (kind) => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setups[kind]();
  });
  afterEach(async () => {
    await setup.store.close();
  });

  it('keeps a file streamed in and reads it back', async () => {
    await setup.store.write('job-1.csv', chunks(Buffer.from('a,b\n'), Buffer.from('1,2\n')));

    expect((await readAll(await setup.store.openRead('job-1.csv'))).toString()).toBe('a,b\n1,2\n');
    expect(await names(setup.store)).toEqual(['job-1.csv']);
  });

  it('keeps a work file, which is then gone from the disk', async () => {
    const file = await workFile(dataDir, 'job-2.jsonl');
    await writeFile(file, '{"a":1}\n');

    await setup.store.keep('job-2.jsonl', file);

    expect((await readAll(await setup.store.openRead('job-2.jsonl'))).toString()).toBe('{"a":1}\n');
    expect(await readdir(path.dirname(file))).toEqual([]);
  });

  it('answers that a file it does not keep is not found, and removes one quietly', async () => {
    await expect(setup.store.openRead('missing.csv')).rejects.toBeInstanceOf(DataFileNotFoundError);
    await setup.store.write('gone.csv', chunks(Buffer.from('x')));
    await setup.store.remove('gone.csv');
    await setup.store.remove('gone.csv');

    await expect(setup.store.openRead('gone.csv')).rejects.toBeInstanceOf(DataFileNotFoundError);
  });

  it('refuses a name that could reach outside its files', async () => {
    await expect(setup.store.openRead('../secrets.json')).rejects.toThrow(
      'invalid data file name "../secrets.json"',
    );
    await expect(setup.store.write('a/b.csv', chunks(Buffer.from('x')))).rejects.toThrow(
      'invalid data file name',
    );
  });

  it('sweeps the files past their retention, and their jobs then offer no file', async () => {
    const db = await openTestDatabase();
    try {
      const job = await createDataJob(
        db.db,
        { kind: 'claims-csv', mode: null, input: {}, createdBy: null },
        new Date(),
      );
      for (const name of [`${job.id}.csv`, 'recent.csv']) {
        await setup.store.write(name, chunks(Buffer.from('x')));
      }
      await updateDataJob(db.db, job.id, { output_file: setup.store.locate(`${job.id}.csv`) });
      const now = new Date();
      await setup.backdate(`${job.id}.csv`, new Date(now.getTime() - DATA_FILE_RETENTION_MS - 1));

      expect(await sweepDataFiles(db.db, setup.store, dataDir, now)).toBe(1);
      expect(await names(setup.store)).toEqual(['recent.csv']);
      expect((await findDataJob(db.db, job.id))?.output_file).toBeNull();
    } finally {
      await db.close();
    }
  });
});

describe('the data files in the bucket', () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setups.bucket();
  });
  afterEach(async () => {
    await setup.store.close();
  });

  it('keeps them under data-io/, apart from the documents, a large one in parts', async () => {
    const large = randomBytes(PART_SIZE + 1024);

    await setup.store.write('large.zip', chunks(large.subarray(0, 1024), large.subarray(1024)));

    expect(await bucket?.keys()).toEqual(['data-io/large.zip']);
    expect((await readAll(await setup.store.openRead('large.zip'))).equals(large)).toBe(true);
    expect(setup.store.locate('large.zip')).toBe(`s3://${bucket?.bucket}/data-io/large.zip`);
  });

  it('leaves nothing behind when the content fails midway', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield randomBytes(PART_SIZE + 1024);
      throw new Error('the upload was cut');
    }

    await expect(setup.store.write('cut.csv', failing())).rejects.toThrow('the upload was cut');
    expect(await bucket?.keys()).toEqual([]);
  });
});
