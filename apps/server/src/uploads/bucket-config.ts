import { z } from 'zod';
import type { DocumentBucketConfig } from './bucket-document-store';

const blankToUndefined = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The environment variables of the document bucket, merged into the configuration's schema. */
export const bucketEnvShape = {
  S3_BUCKET: blankToUndefined.pipe(
    z
      .string()
      .regex(
        BUCKET_NAME,
        'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit',
      )
      .optional(),
  ),
  S3_REGION: blankToUndefined.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'S3_REGION must be a region name such as eu-west-1')
      .optional(),
  ),
  S3_ENDPOINT: blankToUndefined.pipe(
    z
      .string()
      .refine(
        (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
        'S3_ENDPOINT must be the http(s) address of an S3-compatible server, such as https://s3.example.org or http://127.0.0.1:9000',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: blankToUndefined,
  S3_SECRET_ACCESS_KEY: blankToUndefined,
  S3_FORCE_PATH_STYLE: blankToUndefined.pipe(
    z.enum(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
  ),
};

type BucketEnv = z.output<z.ZodObject<typeof bucketEnvShape>>;

const SETTINGS_NEEDING_A_BUCKET = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** The checks across the S3_* settings, for the configuration schema's superRefine. */
export function checkBucketEnv(values: BucketEnv, context: z.RefinementCtx): void {
  const given = SETTINGS_NEEDING_A_BUCKET.filter((name) => values[name] !== undefined);
  if (values.S3_BUCKET === undefined && given.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: `S3_BUCKET is required with ${given.join(', ')}: the bucket documents are kept in (unset, they are kept under DATA_DIR/documents)`,
    });
  }
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [values.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK credential chain',
    });
  }
}

/** The document bucket the settings name; undefined keeps documents in the data folder. */
export function documentBucketFrom(values: BucketEnv): DocumentBucketConfig | undefined {
  if (values.S3_BUCKET === undefined) return undefined;
  return {
    bucket: values.S3_BUCKET,
    region: values.S3_REGION ?? 'us-east-1',
    endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      values.S3_ACCESS_KEY_ID === undefined || values.S3_SECRET_ACCESS_KEY === undefined
        ? undefined
        : { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY },
  };
}
