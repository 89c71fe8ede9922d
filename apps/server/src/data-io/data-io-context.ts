import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ClaimsCase } from '../case/claims-case';
import type { Database } from '../db/schema';
import type { DocumentStore } from '../uploads/document-store';

/** What an import or export works with, in the server and on the command line alike. */
export interface DataIoContext {
  db: Kysely<Database>;
  /** Uploads, reports and exports are kept under DATA_DIR/data-io. */
  dataDir: string;
  pinPepper: string;
  claimsCase: ClaimsCase;
  documents: DocumentStore;
  now: () => Date;
}

/** Who started a job: the supervisor's e-mail address, or null for the command line. */
export interface DataJobAuthor {
  email: string | null;
  role: 'supervisor' | null;
  ipAddress: string | null;
}

/** Told after each batch: rows handled so far, and the total when known. */
export type ProgressListener = (done: number, total: number | null) => void;

/** The folder of a job's files, made when missing. */
export async function dataIoFolder(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, 'data-io');
  await mkdir(folder, { recursive: true });
  return folder;
}

/** Lets the event loop answer other requests between two batches of a long job. */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
