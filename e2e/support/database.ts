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
  original_name: string;
  content_type: string;
  size: number;
}

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
      .prepare(
        'SELECT id, claim_id, client_id, original_name, content_type, size FROM documents WHERE claim_id = ? ORDER BY created_at',
      )
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
        .prepare(
          'SELECT id, claim_id, client_id, original_name, content_type, size FROM documents WHERE claim_id = ?',
        )
        .all(claim.id) as StoredDocument[],
    }));
  } finally {
    database.close();
  }
}
