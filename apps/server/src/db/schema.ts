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
