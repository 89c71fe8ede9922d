import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'claims-bucket-config-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const read = (env: Record<string, string>) => readConfig({ DATA_DIR: dataDir, ...env });

describe('the document bucket settings of the environment', () => {
  it('keep documents in the data folder when no bucket is named', () => {
    expect(read({}).documentBucket).toBeUndefined();
  });

  it('name an S3-compatible bucket with its address, region, keys and path-style addressing', () => {
    const config = read({
      S3_BUCKET: 'claims-documents',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'claims',
      S3_SECRET_ACCESS_KEY: 'a-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.documentBucket).toEqual({
      bucket: 'claims-documents',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'claims', secretAccessKey: 'a-secret-key' },
    });
  });

  it('default to Amazon S3 in us-east-1 with the SDK credential chain', () => {
    expect(read({ S3_BUCKET: 'claims-documents' }).documentBucket).toEqual({
      bucket: 'claims-documents',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('require S3_BUCKET with any other S3 setting', () => {
    expect(() => read({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1' })).toThrow(
      'S3_BUCKET: S3_BUCKET is required with S3_REGION, S3_ENDPOINT',
    );
  });

  it('require both keys or neither', () => {
    expect(() => read({ S3_BUCKET: 'claims-documents', S3_ACCESS_KEY_ID: 'claims' })).toThrow(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  });

  it('refuse a bucket name, an address and a path-style flag that are not valid', () => {
    expect(() =>
      read({
        S3_BUCKET: 'Claims_Documents',
        S3_ENDPOINT: 'ftp://files.example.org',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrow(
      /S3_BUCKET must be a bucket name.*S3_ENDPOINT must be the http\(s\) address.*S3_FORCE_PATH_STYLE must be true or false/,
    );
  });
});
