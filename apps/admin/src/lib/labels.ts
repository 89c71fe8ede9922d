import type { AuditAction, FraudDecision, ScanState } from '@claims/core/admin/admin-api';
import type { AdminRole } from '@claims/core/admin/admin-roles';
import type { Actor, ClaimStatus, TransitionName } from '@claims/core/lifecycle/transitions';

/** The words the console uses for the lifecycle's and the contract's names. */

export const STATUS_LABELS = {
  received: 'Received',
  in_review: 'In review',
  deficient: 'Deficient',
  cured: 'Cured',
  approved: 'Approved',
  denied: 'Denied',
  appealed: 'Appealed',
  withdrawn: 'Withdrawn',
  paid: 'Paid',
  payment_returned: 'Payment returned',
} as const satisfies Record<ClaimStatus, string>;

export const TRANSITION_LABELS = {
  start_review: 'Start review',
  mark_deficient: 'Mark deficient',
  cure: 'Record cure',
  retract_deficiency: 'Retract deficiency',
  resume_review: 'Resume review',
  deny_uncured: 'Deny as not cured',
  approve: 'Approve',
  deny: 'Deny',
  appeal: 'Record appeal',
  grant_appeal: 'Grant appeal',
  uphold_denial: 'Uphold denial',
  withdraw: 'Withdraw',
  reopen: 'Reopen',
  record_payment: 'Record payment',
  record_payment_returned: 'Record returned payment',
  reissue_payment: 'Reissue payment',
} as const satisfies Record<TransitionName, string>;

export const FRAUD_DECISION_LABELS = {
  pass: 'Pass',
  review: 'Review',
  hold: 'Hold',
} as const satisfies Record<FraudDecision, string>;

export const SCAN_STATE_LABELS = {
  pending: 'Waiting for the virus scan',
  clean: 'Scanned, clean',
  infected: 'Infected: blocked',
} as const satisfies Record<ScanState, string>;

export const ROLE_LABELS = {
  viewer: 'Viewer',
  reviewer: 'Reviewer',
  supervisor: 'Supervisor',
} as const satisfies Record<AdminRole, string>;

export const ACTOR_LABELS = {
  claimant: 'Claimant',
  reviewer: 'Reviewer',
  supervisor: 'Supervisor',
  system: 'System',
} as const satisfies Record<Actor, string>;

export const AUDIT_ACTION_LABELS = {
  sign_in: 'Signed in',
  sign_in_refused: 'Sign-in refused',
  totp_enrolled: 'Enrolled an authenticator',
  sign_out: 'Signed out',
  claims_listed: 'Listed claims',
  claim_viewed: 'Viewed a claim',
  claim_transition: 'Changed a claim’s status',
  document_viewed: 'Viewed a document',
  document_downloaded: 'Downloaded a document',
  audit_viewed: 'Viewed the audit log',
  audit_exported: 'Exported the audit log',
  account_created: 'Created an account',
  account_disabled: 'Disabled an account',
  account_enabled: 'Enabled an account',
  totp_reset: 'Reset an authenticator',
  password_reset: 'Reset a password',
  data_import_started: 'Started an import',
  data_export_started: 'Started an export',
  data_file_downloaded: 'Downloaded an import report or export',
  payout_results_applied: 'Applied payout results',
  fraud_holds_listed: 'Listed fraud holds',
  fraud_cluster_viewed: 'Viewed a claim’s fraud cluster',
  fraud_hold_released: 'Released a fraud hold',
} as const satisfies Record<AuditAction, string>;

export const FORM_TYPE_LABELS = {
  Standard: 'Standard',
  Automotive: 'Automotive',
} as const;
