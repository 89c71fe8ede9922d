import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import {
  storedDocumentPath,
  storedModels,
  type StoredClaimWithDocuments,
  type StoredModels,
} from './database';
import type { UploadFile } from './files';

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The claim's documents are the uploaded files, byte for byte: each row has the upload's name,
 * type, size and SHA-256; its stored file under the data folder has that content; and its
 * client id is that of the document context that names the file.
 */
export function expectStoredDocuments(
  dataDir: string,
  stored: StoredClaimWithDocuments | undefined,
  uploads: readonly UploadFile[],
): void {
  expect(stored, 'the claim is stored').toBeDefined();
  if (!stored) return;
  const contexts = storedModels(stored.claim).documentContexts;
  expect(stored.documents.map((document) => document.original_name)).toEqual(
    uploads.map((upload) => upload.name),
  );
  uploads.forEach((upload, index) => {
    const document = stored.documents[index];
    expect(document).toMatchObject({
      content_type: upload.mimeType,
      size: upload.buffer.length,
      sha256: sha256(upload.buffer),
    });
    if (!document) return;
    const content = readFileSync(storedDocumentPath(dataDir, document.storage_key));
    expect(sha256(content), `the stored file of ${upload.name}`).toBe(sha256(upload.buffer));
    const context = contexts.find((model) =>
      Object.values(model.fields).some(
        (value) => (value as { name?: unknown } | null)?.name === upload.name,
      ),
    );
    expect(document.client_id, `the document context of ${upload.name}`).toBe(context?.clientId);
  });
}

/** The stored claim's models, for checks of what the claimant typed. */
export function modelsOf(stored: StoredClaimWithDocuments | undefined): StoredModels {
  if (!stored) throw new Error('no claim is stored under the reference code');
  return storedModels(stored.claim);
}
