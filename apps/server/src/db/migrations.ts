import { PostgresAdapter, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrateClaimLifecycle } from '../admin/claims/claim-lifecycle-migration';
import { migrateClaimReadingIndexes } from '../admin/claims/claim-queue-migration';
import { migrateFraudSignals } from '../fraud/fraud-migration';
import { migrateFingerprintKeys } from '../fraud/fingerprint-keys-migration';
import { migrateJobsDueIndex } from '../jobs/jobs-due-migration';
import { migrateFraudReviews } from '../admin/fraud/fraud-reviews-migration';
import { migrateDataIo } from '../data-io/data-io-migration';
import { migrateDrafts } from '../drafts/draft-migration';
import {
  migrateClaimantAfterFiling,
  migrateClaimantPayoutChanges,
} from '../claimant/claimant-migration';

/**
 * The schema, as migrations kept in code so the same list runs on SQLite and PostgreSQL.
 * Append new migrations; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '2026-01-01-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('data', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_expires_at')
        .on('sessions')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('used_captcha_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('used_captcha_tokens_expires_at')
        .on('used_captcha_tokens')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('auth_failures')
        .addColumn('subject', 'text', (column) => column.primaryKey())
        .addColumn('failures', 'integer', (column) => column.notNull())
        .addColumn('window_started_at', 'text', (column) => column.notNull())
        .addColumn('locked_until', 'text')
        .execute();

      await db.schema
        .createTable('class_members')
        .addColumn('notice_id', 'text', (column) => column.primaryKey())
        .addColumn('pin_hash', 'text', (column) => column.notNull())
        .addColumn('data', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('vehicles')
        .addColumn('vin', 'text', (column) => column.primaryKey())
        .addColumn('data', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('imports')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('fingerprint', 'text', (column) => column.notNull())
        .addColumn('row_count', 'integer', (column) => column.notNull())
        .addColumn('imported_at', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('claims')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('reference_code', 'text', (column) => column.notNull().unique())
        .addColumn('form_type', 'text', (column) => column.notNull())
        .addColumn('culture', 'text', (column) => column.notNull())
        .addColumn('identity', 'text', (column) => column.notNull())
        .addColumn('models', 'text', (column) => column.notNull())
        .addColumn('prepopulated_data', 'text', (column) => column.notNull())
        .addColumn('submission_key', 'text', (column) => column.notNull().unique())
        .addColumn('parent_claim_id', 'text', (column) => column.references('claims.id'))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('claim_id', 'text', (column) => column.notNull().references('claims.id'))
        .addColumn('client_id', 'text', (column) => column.notNull())
        .addColumn('storage_key', 'text', (column) => column.notNull().unique())
        .addColumn('original_name', 'text', (column) => column.notNull())
        .addColumn('content_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('sha256', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('documents_claim_id')
        .on('documents')
        .column('claim_id')
        .execute();
    },
  },
  '2026-11-23-session-values': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('session_values')
        .addColumn('session_id', 'text', (column) => column.notNull())
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('value', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('session_values_pkey', ['session_id', 'key'])
        .execute();
      // Sessions in progress keep what they hold: their data splits into one row per key.
      const legacy = db as Kysely<{
        sessions: { id: string; data: string };
        session_values: { session_id: string; key: string; value: string };
      }>;
      const sessions = await legacy.selectFrom('sessions').select(['id', 'data']).execute();
      const rows = sessions.flatMap(({ id, data }) => {
        const parsed = JSON.parse(data) as {
          authorizations?: Record<string, unknown>;
          culture?: string | null;
          payPal?: { loginState?: unknown; verification?: unknown };
        };
        const values: [string, unknown][] = [
          ['culture', parsed.culture ?? null],
          ...Object.entries(parsed.authorizations ?? {}).map(
            ([formType, authorization]): [string, unknown] => [
              `authorization.${formType}`,
              authorization,
            ],
          ),
          ['payPal.loginState', parsed.payPal?.loginState ?? null],
          ['payPal.verification', parsed.payPal?.verification ?? null],
        ];
        return values.map(([key, value]) => ({
          session_id: id,
          key,
          value: JSON.stringify(value),
        }));
      });
      for (let start = 0; start < rows.length; start += 500) {
        await legacy
          .insertInto('session_values')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      await db.schema.alterTable('sessions').dropColumn('data').execute();
    },
  },
  '2026-12-01-session-tokens': {
    async up(db: Kysely<unknown>) {
      // A session keeps its key while its cookie changes at each authorization; sessions in
      // progress keep their cookie, whose hash is their key.
      await db.schema.alterTable('sessions').addColumn('token_hash', 'text').execute();
      const sessions = db as Kysely<{ sessions: { id: string; token_hash: string | null } }>;
      await sessions
        .updateTable('sessions')
        .set((eb) => ({ token_hash: eb.ref('id') }))
        .execute();
      await db.schema
        .createIndex('sessions_token_hash')
        .on('sessions')
        .column('token_hash')
        .unique()
        .execute();
    },
  },
  '2026-12-05-jobs': {
    async up(db: Kysely<unknown>) {
      // The job queue on SQLite (on PostgreSQL pg-boss keeps its own tables, so this one
      // stays empty there); the effects table serves both.
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('data', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull())
        .addColumn('retry_limit', 'integer', (column) => column.notNull())
        .addColumn('retry_delay_seconds', 'integer', (column) => column.notNull())
        .addColumn('retry_backoff', 'integer', (column) => column.notNull())
        .addColumn('lease_seconds', 'integer', (column) => column.notNull())
        .addColumn('run_after', 'text', (column) => column.notNull())
        .addColumn('lease_token', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('jobs_state_run_after')
        .on('jobs')
        .columns(['state', 'run_after'])
        .execute();

      await db.schema
        .createTable('job_effects')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('done_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('job_effects_done_at')
        .on('job_effects')
        .column('done_at')
        .execute();
    },
  },
  '2026-12-06-admin-accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_accounts')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('email_key', 'text', (column) => column.notNull().unique())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('totp_secret', 'text')
        .addColumn('totp_last_step', 'integer')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('admin_sessions')
        .addColumn('id_hash', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) =>
          column.notNull().references('admin_accounts.id').onDelete('cascade'),
        )
        .addColumn('step', 'text', (column) => column.notNull())
        .addColumn('pending_totp_secret', 'text')
        .addColumn('failed_codes', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('signed_in_at', 'text', (column) => column.notNull())
        .addColumn('idle_expires_at', 'text', (column) => column.notNull())
        .addColumn('absolute_expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('admin_sessions_account_id')
        .on('admin_sessions')
        .column('account_id')
        .execute();
      await db.schema
        .createIndex('admin_sessions_idle_expires_at')
        .on('admin_sessions')
        .column('idle_expires_at')
        .execute();

      // The log's order is its id, which only grows.
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', (column) =>
          postgres
            ? column.primaryKey().generatedAlwaysAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('actor_email', 'text')
        .addColumn('actor_role', 'text')
        .addColumn('claim_reference', 'text')
        .addColumn('document_id', 'text')
        .addColumn('ip_address', 'text')
        .addColumn('details', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
  },
  // Dated after every migration before it: Kysely runs migrations in name order and refuses
  // a database that has already run a later name.
  '2026-12-07-claim-lifecycle': { up: migrateClaimLifecycle },
  '2026-12-08-fraud-signals': { up: migrateFraudSignals },
  '2026-12-09-data-io': { up: migrateDataIo },
  '2026-12-10-drafts': { up: migrateDrafts },
  '2026-12-11-claimant-after-filing': { up: migrateClaimantAfterFiling },
  '2026-12-12-fraud-reviews': { up: migrateFraudReviews },
  '2026-12-13-claimant-payout-changes': { up: migrateClaimantPayoutChanges },
  '2026-12-14-claim-reading-indexes': { up: migrateClaimReadingIndexes },
  '2026-12-15-fraud-fingerprint-keys': { up: migrateFingerprintKeys },
  '2026-12-16-jobs-due': { up: migrateJobsDueIndex },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
