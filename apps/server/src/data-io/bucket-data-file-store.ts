import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import {
  createBucketClient,
  describeBucketError,
  isNotFound,
  streamToBucket,
  type DocumentBucketConfig,
} from '../uploads/bucket-document-store';
import {
  assertFileName,
  DataFileNotFoundError,
  FILE_NAME,
  type DataFileStore,
} from './data-file-store';

/*
 * The data files in the documents' bucket (data-file-store.ts), in a module of its own so that
 * the AWS SDK is loaded only when a bucket is configured (openDataFileStore).
 */

/** Where the files are in the bucket: apart from the documents' `stored/` and `pending/`. */
export const DATA_FILE_PREFIX = 'data-io/';

/** The files as objects under `data-io/` in the documents' bucket (S3_* settings). */
export function createBucketDataFileStore(config: DocumentBucketConfig): DataFileStore {
  const Bucket = config.bucket;
  const client = createBucketClient(config);
  const where = `the bucket "${Bucket}"${config.endpoint === undefined ? '' : ` at ${config.endpoint}`}`;
  const keyOf = (name: string) => {
    assertFileName(name);
    return DATA_FILE_PREFIX + name;
  };
  const failure = (action: string, error: unknown) =>
    new Error(`${where} could not ${action}: ${describeBucketError(error)}`, { cause: error });

  const write = async (name: string, content: AsyncIterable<Uint8Array>): Promise<void> => {
    const Key = keyOf(name);
    let sourceError: unknown;
    async function* read(): AsyncGenerator<Uint8Array> {
      try {
        yield* content;
      } catch (error) {
        sourceError = error;
        throw error;
      }
    }
    try {
      await streamToBucket(client, { Bucket, Key }, read());
    } catch (error) {
      if (sourceError !== undefined) throw sourceError;
      throw failure(`keep the data file ${name}`, error);
    }
  };

  return {
    description: `${where}, under ${DATA_FILE_PREFIX}`,

    write,

    async keep(name, file) {
      await write(name, createReadStream(file));
      await rm(file, { force: true });
    },

    async openRead(name) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!(Body instanceof Readable)) throw new Error('the answer carried no readable body');
        return Body;
      } catch (error) {
        if (isNotFound(error)) throw new DataFileNotFoundError(name);
        throw failure(`read the data file ${name}`, error);
      }
    },

    async remove(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
      } catch (error) {
        throw failure(`remove the data file ${name}`, error);
      }
    },

    async *list() {
      const pages = paginateListObjectsV2({ client }, { Bucket, Prefix: DATA_FILE_PREFIX });
      try {
        for await (const page of pages) {
          for (const object of page.Contents ?? []) {
            const name = object.Key?.slice(DATA_FILE_PREFIX.length) ?? '';
            if (!FILE_NAME.test(name) || object.LastModified === undefined) continue;
            yield { name, modifiedAt: object.LastModified };
          }
        }
      } catch (error) {
        throw failure('list the data files', error);
      }
    },

    locate: (name) => `s3://${Bucket}/${keyOf(name)}`,

    async close() {
      client.destroy();
    },
  };
}
