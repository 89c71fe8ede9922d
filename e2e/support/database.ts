import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface StoredClaim {
  id: string;
  reference_code: string;
  form_type: string;
  culture: string;
  models: string;
  parent_claim_id: string | null;
}

export interface StoredDocument {
  id: string;
  claim_id: string;
  client_id: string;
  /** The generated name of the file under the data folder's documents/stored/. */
  storage_key: string;
  original_name: string;
  content_type: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

/** One model of a claim as the server keeps it: its fields as validated, camelCase keys. */
export interface StoredModel {
  clientId: string;
  metadataHash: string;
  fields: Record<string, unknown>;
}

/** The models column of a claim (apps/server/src/services/submission-check.ts). */
export interface StoredModels {
  claimantInfo: StoredModel | null;
  claimDetails: StoredModel | null;
  signature: StoredModel | null;
  documentContexts: StoredModel[];
  claimTransactions: StoredModel[];
}

export function storedModels(claim: StoredClaim): StoredModels {
  return JSON.parse(claim.models) as StoredModels;
}

/** Where the server keeps a committed document (apps/server/src/plugins/documents.ts). */
export function storedDocumentPath(dataDir: string, storageKey: string): string {
  return path.join(dataDir, 'documents', 'stored', storageKey);
}

const DOCUMENT_COLUMNS =
  'id, claim_id, client_id, storage_key, original_name, content_type, size, sha256';

/** Opens the server's SQLite database read-only; the server keeps writing beside us (WAL). */
function openReadOnly(dataDir: string): SQLite.Database {
  return new SQLite(path.join(dataDir, 'claims.sqlite'), { readonly: true, fileMustExist: true });
}

export interface StoredClaimWithDocuments {
  claim: StoredClaim;
  documents: StoredDocument[];
}

/** The claim the server stored under a reference code, with its documents; undefined when none. */
export function findClaim(
  dataDir: string,
  referenceCode: string,
): StoredClaimWithDocuments | undefined {
  const database = openReadOnly(dataDir);
  try {
    const claim = database
      .prepare(
        'SELECT id, reference_code, form_type, culture, models, parent_claim_id FROM claims WHERE reference_code = ?',
      )
      .get(referenceCode) as StoredClaim | undefined;
    if (!claim) return undefined;
    const documents = database
      .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE claim_id = ? ORDER BY created_at`)
      .all(claim.id) as StoredDocument[];
    return { claim, documents };
  } finally {
    database.close();
  }
}

/** Documents attached to a claim by later DocumentsUpload submissions. */
export function findChildClaims(
  dataDir: string,
  parentClaimId: string,
): StoredClaimWithDocuments[] {
  const database = openReadOnly(dataDir);
  try {
    const claims = database
      .prepare(
        'SELECT id, reference_code, form_type, culture, models, parent_claim_id FROM claims WHERE parent_claim_id = ?',
      )
      .all(parentClaimId) as StoredClaim[];
    return claims.map((claim) => ({
      claim,
      documents: database
        .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE claim_id = ?`)
        .all(claim.id) as StoredDocument[],
    }));
  } finally {
    database.close();
  }
}

/** One payout change a claimant made on Check Claim Status (table payout_changes). */
export interface StoredPayoutChange {
  method: string;
  /** The details as the claimant was shown them, masked. */
  details: Record<string, string>;
}

/** The claim's payout changes, oldest first. */
export function findPayoutChanges(dataDir: string, claimId: string): StoredPayoutChange[] {
  const database = openReadOnly(dataDir);
  try {
    const rows = database
      .prepare('SELECT method, details FROM payout_changes WHERE claim_id = ? ORDER BY sequence')
      .all(claimId) as { method: string; details: string }[];
    return rows.map((row) => ({
      method: row.method,
      details: JSON.parse(row.details) as Record<string, string>,
    }));
  } finally {
    database.close();
  }
}
