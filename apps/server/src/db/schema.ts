import type { AuditAction } from '@claims/core/admin/admin-api';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import type { Generated } from 'kysely';

/**
 * The tables of the server. Times are ISO-8601 UTC strings (they sort as text on both
 * SQLite and PostgreSQL); JSON documents are stored as text.
 */
export interface Database {
  sessions: SessionTable;
  session_values: SessionValueTable;
  used_captcha_tokens: UsedCaptchaTokenTable;
  auth_failures: AuthFailureTable;
  class_members: ClassMemberTable;
  vehicles: VehicleTable;
  imports: ImportTable;
  claims: ClaimTable;
  documents: DocumentTable;
  jobs: JobTable;
  job_effects: JobEffectTable;
  admin_accounts: AdminAccountTable;
  admin_sessions: AdminSessionTable;
  audit_log: AuditLogTable;
  claim_history: ClaimHistoryTable;
  claim_fraud_assessments: ClaimFraudAssessmentTable;
  claim_fingerprints: ClaimFingerprintTable;
  claim_fraud_signals: ClaimFraudSignalsTable;
  claim_fingerprint_keys: ClaimFingerprintKeyTable;
  claim_fraud_facts: ClaimFraudFactsTable;
  claim_fraud_reviews: ClaimFraudReviewTable;
  data_jobs: DataJobTable;
  list_staging: ListStagingTable;
  drafts: DraftTable;
  draft_links: DraftLinkTable;
  address_changes: AddressChangeTable;
  payout_changes: PayoutChangeTable;
}

export interface SessionTable {
  /** The session's key, kept for its whole life: the hash of the cookie it was first stored under. */
  id: string;
  /** SHA-256 of the current cookie value (a renewal changes it), so a copy of the table cannot be replayed as cookies. */
  token_hash: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** One key of a session's data (plugins/session.ts), as JSON: a request writes only its own. */
export interface SessionValueTable {
  session_id: string;
  key: string;
  value: string;
}

export interface UsedCaptchaTokenTable {
  token_hash: string;
  expires_at: string;
}

export interface AuthFailureTable {
  /** `id:<form type>:<normalised id>` or `ip:<address>`. */
  subject: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface ClassMemberTable {
  notice_id: string;
  pin_hash: string;
  /** The member's prepopulated data (name, address, e-mail, phone) as JSON. */
  data: string;
}

export interface VehicleTable {
  vin: string;
  /** Year, make, model and any other columns of the vehicle list, as JSON. */
  data: string;
}

export interface ImportTable {
  name: string;
  fingerprint: string;
  row_count: number;
  imported_at: string;
}

export interface ClaimTable {
  id: string;
  reference_code: string;
  form_type: string;
  culture: string;
  /** What the session was authorized as: notice id, VIN, or the parent claim. */
  identity: string;
  /** The submitted models per part, as validated, as JSON. */
  models: string;
  prepopulated_data: string;
  /** Derived from the form type, the identity and the models' client ids; makes retries idempotent. */
  submission_key: string;
  /** DocumentsUpload submissions: the claim the documents belong to. */
  parent_claim_id: string | null;
  created_at: string;
  /**
   * Where the claim stands in its lifecycle, kept in step with claim_history in the same
   * transaction (admin/claims/claim-history.ts); DocumentsUpload submissions stay `received`.
   */
  status: Generated<string>;
  /** ISO instant; set while the claim is deficient. */
  cure_by: string | null;
  /** ISO instant; set while the claim is denied and may be appealed. */
  appeal_by: string | null;
  /** The claimant's name as filed, for the queue (admin/claims/claim-search.ts). */
  claimant_name: string | null;
  /** The searchable forms of the claim's name, e-mail, Notice ID and VIN, written at filing. */
  search_name: string | null;
  search_email: string | null;
  search_notice_id: string | null;
  search_vin: string | null;
}

export interface DocumentTable {
  id: string;
  claim_id: string;
  client_id: string;
  storage_key: string;
  original_name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

/** The state of a job on SQLite; pg-boss's own states map onto the same counts. */
export type JobState = 'waiting' | 'retry' | 'active' | 'completed' | 'dead';

/** A job of the in-process queue (SQLite; see jobs/sqlite-job-store.ts). */
export interface JobTable {
  id: string;
  name: string;
  /** The job's payload as JSON. */
  data: string;
  state: JobState;
  /** Runs started so far, the current one included. */
  attempts: number;
  /** Runs allowed after the first before the job is dead. */
  retry_limit: number;
  retry_delay_seconds: number;
  /** 1: the delay doubles with each retry. */
  retry_backoff: number;
  /** How long a run may hold the job before another worker may take it. */
  lease_seconds: number;
  run_after: string;
  /** Set while a run holds the job; its acknowledgement must carry the same token. */
  lease_token: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** An effect of a job, recorded in the transaction that made it, so a retry does not redo it. */
export interface JobEffectTable {
  /** The job's id, or the job's id and a step name. */
  key: string;
  done_at: string;
}

/** An administrator of the console; made on the command line (admin/cli). */
export interface AdminAccountTable {
  id: string;
  email: string;
  /** The e-mail address in lower case: unique, and what sign-in looks accounts up by. */
  email_key: string;
  /** argon2id, in the PHC string form. */
  password_hash: string;
  role: AdminRole;
  /** 1 when the account may not sign in. */
  disabled: number;
  /** The TOTP secret, AES-256-GCM encrypted (admin/accounts/totp-secret-box.ts); null until enrolled. */
  totp_secret: string | null;
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
}

/** A console session, at the password step or signed in; the cookie holds its token. */
export interface AdminSessionTable {
  /** SHA-256 of the cookie's token, so a copy of the table cannot be replayed as cookies. */
  id_hash: string;
  account_id: string;
  step: 'password_accepted' | 'signed_in';
  /** For a session at the password step: the secret it would enroll (encrypted), if enrolling. */
  pending_totp_secret: string | null;
  /** Wrong codes given at the TOTP step of this session. */
  failed_codes: number;
  created_at: string;
  /** When the sign-in that began it started: the absolute lifetime counts from here. */
  signed_in_at: string;
  idle_expires_at: string;
  absolute_expires_at: string;
}

/** One row per thing done in the console or on its command line; never changed or removed. */
export interface AuditLogTable {
  /** Increases with each row: the log's order. */
  id: Generated<number>;
  at: string;
  action: AuditAction;
  actor_email: string | null;
  actor_role: AdminRole | null;
  claim_reference: string | null;
  document_id: string | null;
  ip_address: string | null;
  details: string | null;
}

/**
 * A claim's append-only history: one row per lifecycle event, never changed or removed. The
 * first row of a claim records its filing (transition `filed`, no from status).
 */
export interface ClaimHistoryTable {
  claim_id: string;
  /** 1 for the filing, then one more per event: the history's order. */
  sequence: number;
  at: string;
  /** claimant, reviewer, supervisor or system. */
  actor: string;
  actor_account_id: string | null;
  actor_email: string | null;
  /** A lifecycle transition, or `filed`. */
  transition: string;
  from_status: string | null;
  to_status: string;
  /** Reason codes as a JSON array. */
  reason_codes: string;
  note: string | null;
  cure_by: string | null;
  appeal_by: string | null;
}

/** A claim's fraud assessment (fraud/fraud-migration.ts); one row per scored claim. */
export interface ClaimFraudAssessmentTable {
  claim_id: string;
  /** 1,000 less the deductions, never below 0. */
  score: number;
  /** pass, review or hold. */
  decision: string;
  /** JSON array of { code, reason, points, evidence }, most points first. */
  deductions: string;
  review_threshold: number;
  hold_threshold: number;
  assessed_at: string;
}

/**
 * The previous layout of the fingerprints and own signals (fraud/fraud-migration.ts): empty
 * since 2026-12-15-fraud-fingerprint-keys, written only by an instance of an earlier release
 * during a rolling upgrade, whose rows are moved to the tables below
 * (fraud/fingerprint-keys-migration.ts).
 */
export interface ClaimFingerprintTable {
  claim_id: string;
  kind: string;
  key: string;
  filed_at: string;
}

export interface ClaimFraudSignalsTable {
  claim_id: string;
  signals: string;
}

/**
 * A key claims are found by (fraud/fraud-store.ts), ordered by (kind, key, filed_at, claim_id):
 * each kind of fingerprint but the member and the VIN (found through the claims' own indexes)
 * and the network block (the `ip` key starts with it).
 */
export interface ClaimFingerprintKeyTable {
  kind: string;
  key: string;
  /** The claim's filing time, so velocity is counted from the key's range alone. */
  filed_at: string;
  claim_id: string;
}

/** A scored claim's own signals and fingerprints, as JSON, for scoring it again. */
export interface ClaimFraudFactsTable {
  claim_id: string;
  /** What was seen of the claim at submit alone (OwnSignals). */
  signals: string;
  /** Its fingerprints, an object of key by kind (claim-fingerprints.ts). */
  fingerprints: string;
}

/** A supervisor's decision on a claim's fraud hold (admin/fraud/fraud-reviews-migration.ts). */
export interface ClaimFraudReviewTable {
  id: string;
  claim_id: string;
  /** released */
  decision: string;
  account_id: string;
  actor_email: string;
  note: string;
  reviewed_at: string;
}

/** An import or export run as a job (data-io/data-jobs.ts). */
export interface DataJobTable {
  id: string;
  kind: string;
  state: string;
  /** Imports: all-or-nothing or valid-only. */
  mode: string | null;
  /** Imports: the uploaded file; exports: the filters and culture, as JSON. */
  input: string;
  rows_done: number;
  rows_total: number | null;
  rows_refused: number;
  /** 1 once an import's rows were loaded. */
  applied: number;
  /** The report or export under the data folder; null until written. */
  output_file: string | null;
  error: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A list being imported, row by row, before it is merged into the live table at once. */
export interface ListStagingTable {
  job_id: string;
  key: string;
  line: number;
  /** Class lists only. */
  pin_hash: string | null;
  data: string;
}

/** A new mailing address a claimant gave for a filed claim (claimant/address-change.ts). */
export interface AddressChangeTable {
  claim_id: string;
  /** 1, 2, … per claim, in the order the changes came. */
  sequence: number;
  at: string;
  /** How the claimant proved who they are: `referenceCode` or `noticeId`. */
  authorized_by: string;
  /** The address fields as given (camelCase keys), as JSON. */
  address: string;
}

/** A claimant's new payout election for a filed claim (claimant/payout-change.ts). */
export interface PayoutChangeTable {
  claim_id: string;
  /** 1, 2, … per claim, in the order the changes came. */
  sequence: number;
  at: string;
  /** The paymentMethod option chosen. */
  method: string;
  /** The method's details as the claimant was shown them, masked, by field key, as JSON. */
  details: string;
}

/** A claimant's answers so far for one form (drafts/draft-store.ts). */
export interface DraftTable {
  id: string;
  form_type: string;
  /** A keyed hash of who the member is: the table alone does not say whose draft it is. */
  member_key: string;
  /** The authorization and the answers, sealed with AES-256-GCM. */
  sealed: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** An e-mailed link that resumes a draft once. */
export interface DraftLinkTable {
  /** SHA-256 of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  draft_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
