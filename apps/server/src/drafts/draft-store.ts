import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Draft } from '@claims/core/contract/drafts';
import type { FormType } from '@claims/core/form-types';
import type { Kysely } from 'kysely';
import type { Database, DraftTable } from '../db/schema';
import type { AuthorizedIdentity, FormAuthorization } from '../services/session-store';
import type { DraftCrypto } from './draft-crypto';

/** What a draft holds, sealed: who it is for and what they answered so far. */
export interface KeptDraft {
  id: string;
  formType: FormType;
  identity: AuthorizedIdentity;
  prepopulatedData: FormAuthorization['prepopulatedData'];
  draft: Draft;
  expiresAt: Date;
}

interface SealedContent {
  identity: AuthorizedIdentity;
  prepopulatedData: FormAuthorization['prepopulatedData'];
  draft: Draft;
}

/** How long an e-mailed link resumes its draft. */
export const LINK_LIFETIME_MS = 24 * 3_600_000;

function identityText(identity: AuthorizedIdentity): string {
  switch (identity.kind) {
    case 'classMember':
      return `member:${identity.noticeId}`;
    case 'vehicle':
      return `vehicle:${identity.vin}`;
    case 'claim':
      return `claim:${identity.claimId}`;
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The drafts of docs/behaviour.md#drafts: one per member and form, found again by who the member
 * is (a keyed hash, so the table does not say it), the content sealed with the draft's name as
 * associated data, forgotten at its expiry. Links are kept by the hash of their token and used once.
 */
export class DraftStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly crypto: DraftCrypto,
  ) {}

  private memberKey(formType: FormType, identity: AuthorizedIdentity): string {
    return this.crypto.name(`${formType}:${identityText(identity)}`);
  }

  private static boundTo(formType: string, memberKey: string): string {
    return `${formType}:${memberKey}`;
  }

  /** Writes the member's draft of the form, replacing the one before; returns the draft's id. */
  async write(
    formType: FormType,
    authorization: Pick<FormAuthorization, 'identity' | 'prepopulatedData'>,
    draft: Draft,
    expiresAt: Date,
    now: Date,
  ): Promise<string> {
    const memberKey = this.memberKey(formType, authorization.identity);
    const content: SealedContent = {
      identity: authorization.identity,
      prepopulatedData: authorization.prepopulatedData,
      draft,
    };
    const sealed = this.crypto.seal(
      JSON.stringify(content),
      DraftStore.boundTo(formType, memberKey),
    );
    const at = now.toISOString();
    const row = await this.db
      .insertInto('drafts')
      .values({
        id: randomUUID(),
        form_type: formType,
        member_key: memberKey,
        sealed,
        created_at: at,
        updated_at: at,
        expires_at: expiresAt.toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .columns(['form_type', 'member_key'])
          .doUpdateSet({ sealed, updated_at: at, expires_at: expiresAt.toISOString() }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The member's draft of the form, unless there is none or it has expired. */
  async read(
    formType: FormType,
    identity: AuthorizedIdentity,
    now: Date,
  ): Promise<KeptDraft | undefined> {
    const row = await this.db
      .selectFrom('drafts')
      .selectAll()
      .where('form_type', '=', formType)
      .where('member_key', '=', this.memberKey(formType, identity))
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row === undefined ? undefined : this.opened(row);
  }

  private opened(
    row: Pick<DraftTable, 'id' | 'form_type' | 'member_key' | 'sealed' | 'expires_at'>,
  ): KeptDraft {
    const content = JSON.parse(
      this.crypto.open(row.sealed, DraftStore.boundTo(row.form_type, row.member_key)),
    ) as SealedContent;
    return {
      id: row.id,
      formType: row.form_type as FormType,
      ...content,
      expiresAt: new Date(row.expires_at),
    };
  }

  /** Forgets the member's draft of the form (filed, or given up). */
  async remove(formType: FormType, identity: AuthorizedIdentity): Promise<void> {
    await this.db
      .deleteFrom('drafts')
      .where('form_type', '=', formType)
      .where('member_key', '=', this.memberKey(formType, identity))
      .execute();
  }

  /**
   * A new link to the draft, through `db` (the transaction that queues its e-mail): the token,
   * which only the e-mail carries, and when it stops working (24 hours, or the draft's expiry).
   */
  async createLink(
    db: Kysely<Database>,
    draftId: string,
    draftExpiresAt: Date,
    now: Date,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(
      Math.min(now.getTime() + LINK_LIFETIME_MS, draftExpiresAt.getTime()),
    );
    await db
      .insertInto('draft_links')
      .values({
        token_hash: hashToken(token),
        draft_id: draftId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
    return { token, expiresAt };
  }

  /**
   * Spends the link and answers its draft; undefined for a link unknown, used, expired or whose
   * draft is gone. Spending is one conditional update, so two clicks at once resume it once.
   */
  async redeemLink(token: string, now: Date): Promise<KeptDraft | undefined> {
    const at = now.toISOString();
    const tokenHash = hashToken(token);
    const spent = await this.db
      .updateTable('draft_links')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return undefined;
    const row = await this.db
      .selectFrom('draft_links')
      .innerJoin('drafts', 'drafts.id', 'draft_links.draft_id')
      .select([
        'drafts.id',
        'drafts.form_type',
        'drafts.member_key',
        'drafts.sealed',
        'drafts.expires_at',
      ])
      .where('draft_links.token_hash', '=', tokenHash)
      .where('drafts.expires_at', '>', at)
      .executeTakeFirst();
    return row === undefined ? undefined : this.opened(row);
  }

  /** Removes expired drafts (their links with them) and expired links; returns how many drafts. */
  async purgeExpired(now: Date): Promise<number> {
    const at = now.toISOString();
    await this.db.deleteFrom('draft_links').where('expires_at', '<=', at).execute();
    const removed = await this.db
      .deleteFrom('drafts')
      .where('expires_at', '<=', at)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}
