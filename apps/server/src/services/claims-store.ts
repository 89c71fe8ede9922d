import { randomUUID } from 'node:crypto';
import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import { generateReferenceCode } from '@claims/core/ids/reference-code';
import type { Kysely, Transaction } from 'kysely';
import { appendFilingEvent } from '../admin/claims/claim-history';
import { claimSearchColumns, type ClaimSearchColumns } from '../admin/claims/claim-search';
import { isUniqueViolation, type DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';

export interface NewDocument {
  clientId: string;
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface NewClaim {
  formType: string;
  culture: string;
  identity: unknown;
  models: unknown;
  prepopulatedData: unknown;
  submissionKey: string;
  parentClaimId: string | null;
  documents: readonly NewDocument[];
  /** When the claim is filed; the clock's time when the transaction opens, unless given. */
  createdAt?: Date;
  /**
   * claimSearchColumns of this claim when the caller has them already (the fraud step derives
   * them: fraud-plugin.ts PreparedFiling.columns); derived here otherwise.
   */
  searchColumns?: ClaimSearchColumns;
}

/** The claim as `alsoWrite` sees it, inserted in the transaction it is given. */
export interface InsertedClaim {
  id: string;
  referenceCode: string;
  createdAt: string;
}

export type SaveResult =
  { created: true; referenceCode: string } | { created: false; referenceCode: string };

/**
 * The database reported an error committing a claim (a connection lost during COMMIT), and
 * whether the claim was stored could not be looked up afterwards, or the claim was committed
 * but the sync that makes it durable failed: its documents must be kept, since it may be a
 * claim a retry will confirm.
 */
export class ClaimOutcomeUnknownError extends Error {
  override name = 'ClaimOutcomeUnknownError';
  constructor(
    cause: unknown,
    message = 'committing the claim failed, and whether it was stored could not be looked up',
  ) {
    super(message, { cause });
  }
}

/** Reference codes drawn before giving up on collisions (31^10 codes make even one rare). */
const CODE_ATTEMPTS = 5;

/**
 * Claims, their documents and their filing event, written together or not at all. A claim's
 * transaction commits without waiting for the disk and then waits for a sync shared with the
 * claims committed alongside it (group commit, db/group-commit.ts): save() and
 * referenceCodeFor() answer a reference code only once its claim is durable.
 */
export class ClaimsStore {
  private readonly db: Kysely<Database>;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'writeEphemeral' | 'syncCommitted'>,
    private readonly now: () => Date,
  ) {
    this.db = database.db;
  }

  /**
   * The reference code of the claim filed with this submission key, once that claim is durable
   * (it may have been committed a moment ago by a submit still waiting for its sync).
   */
  async referenceCodeFor(submissionKey: string): Promise<string | undefined> {
    const code = await this.storedCodeFor(submissionKey);
    if (code !== undefined) await this.durable();
    return code;
  }

  private async storedCodeFor(submissionKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('claims')
      .select('reference_code')
      .where('submission_key', '=', submissionKey)
      .executeTakeFirst();
    return row?.reference_code;
  }

  /** Waits until every claim committed so far is durable. */
  private async durable(): Promise<void> {
    try {
      await this.database.syncCommitted();
    } catch (error) {
      throw new ClaimOutcomeUnknownError(
        error,
        'the claim was committed, but syncing it to disk failed, so it is not known to be durable',
      );
    }
  }

  /**
   * Writes the claim and its document rows in one transaction, with whatever `alsoWrite` adds
   * to it (the spent captcha pass, the session and the claim's fraud assessment, given the
   * inserted claim), so filing a claim costs one commit and a share of one sync; it resolves
   * once the claim is durable. When a claim with the same submission
   * key already exists (a retry racing the first attempt), nothing is written, `alsoWrite`
   * included, and that claim's code is returned. An error thrown by `alsoWrite` rolls the
   * claim back. When committing reports an error, the claim is
   * looked up: stored all the same, it is confirmed; if it cannot be looked up, or the sync
   * after the commit fails, ClaimOutcomeUnknownError is thrown.
   */
  async save(
    claim: NewClaim,
    alsoWrite?: (trx: Transaction<Database>, inserted: InsertedClaim) => Promise<void>,
  ): Promise<SaveResult> {
    const searchColumns = claim.searchColumns ?? claimSearchColumns(claim);
    for (let attempt = 1; ; attempt += 1) {
      const referenceCode = generateReferenceCode();
      const id = randomUUID();
      let committing = false;
      let saved: SaveResult | undefined;
      try {
        await this.database.writeEphemeral(async (trx) => {
          const createdAt = (claim.createdAt ?? this.now()).toISOString();
          await trx
            .insertInto('claims')
            .values({
              id,
              reference_code: referenceCode,
              form_type: claim.formType,
              culture: claim.culture,
              identity: JSON.stringify(claim.identity),
              models: JSON.stringify(claim.models),
              prepopulated_data: JSON.stringify(claim.prepopulatedData),
              submission_key: claim.submissionKey,
              parent_claim_id: claim.parentClaimId,
              created_at: createdAt,
              ...searchColumns,
            })
            .execute();
          // A claim starts its lifecycle received; a documents upload is part of its parent.
          if ((CLAIM_FORM_TYPES as readonly string[]).includes(claim.formType)) {
            await appendFilingEvent(trx, id, createdAt);
          }
          if (claim.documents.length > 0) {
            await trx
              .insertInto('documents')
              .values(
                claim.documents.map((document) => ({
                  id: randomUUID(),
                  claim_id: id,
                  client_id: document.clientId,
                  storage_key: document.storageKey,
                  original_name: document.originalName,
                  content_type: document.contentType,
                  size: document.size,
                  sha256: document.sha256,
                  created_at: createdAt,
                })),
              )
              .execute();
          }
          await alsoWrite?.(trx, { id, referenceCode, createdAt });
          committing = true;
        });
        saved = { created: true, referenceCode };
      } catch (error) {
        // An error once COMMIT was sent does not say the claim was not stored: a connection
        // lost during COMMIT leaves it stored or not, and only the database can tell which.
        if (committing && (await this.exists(id, error))) {
          saved = { created: true, referenceCode };
        } else {
          if (!isUniqueViolation(error)) throw error;
          const existing = await this.storedCodeFor(claim.submissionKey);
          if (existing !== undefined) saved = { created: false, referenceCode: existing };
          else if (attempt >= CODE_ATTEMPTS) throw error;
        }
      }
      if (saved !== undefined) {
        await this.durable();
        return saved;
      }
    }
  }

  /** Whether the claim with this id is stored; ClaimOutcomeUnknownError when that cannot be told. */
  private async exists(id: string, commitError: unknown): Promise<boolean> {
    try {
      const row = await this.db
        .selectFrom('claims')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    } catch {
      throw new ClaimOutcomeUnknownError(commitError);
    }
  }
}
