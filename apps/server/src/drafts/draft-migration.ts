import type { Kysely } from 'kysely';

/**
 * The migration of drafts (db/migrations.ts, 2026-12-10-drafts):
 * - drafts: one per member and form, named by a keyed hash of who the member is, the answers
 *   sealed with AES-256-GCM, forgotten at expires_at (the form's deadline or sooner);
 * - draft_links: the e-mailed links that resume a draft, by the SHA-256 of their token, used once.
 */
export async function migrateDrafts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drafts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('form_type', 'text', (column) => column.notNull())
    .addColumn('member_key', 'text', (column) => column.notNull())
    .addColumn('sealed', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('drafts_member', ['form_type', 'member_key'])
    .execute();
  await db.schema.createIndex('drafts_expires_at').on('drafts').column('expires_at').execute();

  await db.schema
    .createTable('draft_links')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('draft_id', 'text', (column) =>
      column.notNull().references('drafts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('draft_links_draft_id')
    .on('draft_links')
    .column('draft_id')
    .execute();
}
