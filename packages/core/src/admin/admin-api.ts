import { z } from 'zod';
import { csrfResponseSchema } from '../contract/api';
import { DTO_MAPPINGS, type FormType } from '../form-types';
import { FRAUD_DECISIONS, type FraudDecision } from '../fraud/score';
import { reasonCodeSchema } from '../lifecycle/lifecycle-settings';
import {
  ACTORS,
  CLAIM_STATUSES,
  TRANSITION_NAMES,
  type TransitionName,
} from '../lifecycle/transitions';
import { withQuery } from '../routes';
import { ADMIN_ROLES, type AdminPermission } from './admin-roles';

/**
 * The HTTP contract between the administrators' console (apps/admin) and the server's admin
 * API. The server validates what it receives and answers with these shapes; the console is
 * typed by them.
 *
 * Rules every admin route follows:
 * - The admin API lives under /admin/api with its own session cookie (`__Host-` prefixed over
 *   HTTPS, HttpOnly, SameSite=Strict, Path=/), separate from the claimant's session. A
 *   session ends after ADMIN_SESSION_IDLE_MINUTES without a call, and at the latest
 *   ADMIN_SESSION_ABSOLUTE_HOURS after the sign-in that began it; every authenticated call
 *   renews the idle time.
 * - CSRF as on the claimant API: GET /admin/api/csrf gives { requestHeaderName, requestToken }
 *   for the current admin session, and every unsafe call without that header and token gets
 *   403. Each sign-in step and sign-out starts a new session (the old id is never reused), so
 *   the console asks for a new token after each of them.
 * - Every failure answers with errorBodySchema ({ error }), the message a person reads:
 *   400 a request outside this contract or refused by the lifecycle's reasons or note rules;
 *   401 no session for the call (never signed in, expired, or signed out): sign in again;
 *   403 a missing or wrong CSRF token, or a role without the endpoint's permission;
 *   404 no such claim or document; 409 the claim has moved on (see transitionRequestSchema)
 *   or a transition the lifecycle refuses now (status, window), or a document not scanned
 *   clean; 429 too many sign-in attempts.
 * - Every call that reads or changes claim data is written to the audit log.
 */

export {
  errorBodySchema,
  type ErrorBody,
  csrfResponseSchema,
  type CsrfResponse,
} from '../contract/api';

/** The console's pages are served under this path, its API under ADMIN_API_BASE. */
export const ADMIN_BASE_PATH = '/admin';
export const ADMIN_API_BASE = '/admin/api';

export const ADMIN_SESSION_IDLE_MINUTES = 15;
export const ADMIN_SESSION_ABSOLUTE_HOURS = 8;
/** How long a password accepted at sign-in waits for its TOTP code or enrollment. */
export const ADMIN_SIGN_IN_STEP_MINUTES = 5;

/**
 * The one message for a refused sign-in, whatever the reason (no such account, wrong
 * password, wrong code, a locked or disabled account), so that it tells nobody which
 * e-mail addresses have accounts.
 */
export const SIGN_IN_REFUSED_MESSAGE =
  'The e-mail address, password or code is not right, or this account cannot sign in.';

/**
 * Who may call an endpoint: anyone; a browser whose password was accepted and that has yet to
 * give its TOTP code (or enroll); anyone signed in; or a signed-in administrator whose role
 * has the permission.
 */
export type AdminAccess = 'anyone' | 'password_accepted' | 'signed_in' | AdminPermission;

export interface AdminEndpoint {
  method: 'GET' | 'POST';
  /** In the router's form: `:name` stands for one path segment. */
  path: string;
  access: AdminAccess;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer of a 200; absent for answers that are files (a document, a CSV). */
  response?: z.ZodType;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

const isoInstantSchema = z.iso.datetime({ offset: true });
const isoDateSchema = z.iso.date();
const idSchema = z.string().min(1).max(100);

export const adminRoleSchema = z.enum(ADMIN_ROLES);
export const claimStatusSchema = z.enum(CLAIM_STATUSES);
export const transitionNameSchema = z.enum(
  TRANSITION_NAMES as [TransitionName, ...TransitionName[]],
);

/**
 * The form types whose claims the queue lists. A documents-upload submission is not a claim
 * of its own: its documents are listed on the claim it attaches to.
 */
export const CLAIM_FORM_TYPES = ['Standard', 'Automotive'] as const satisfies readonly FormType[];
export type ClaimFormType = (typeof CLAIM_FORM_TYPES)[number];
export const claimFormTypeSchema = z.enum(CLAIM_FORM_TYPES);

/**
 * What the fraud score means for a claim against the case's thresholds, as fraud/score.ts
 * decides it: `pass` at or above the review threshold, `review` below it, `hold` below the
 * hold threshold (the fraud queue).
 */
export { FRAUD_DECISIONS, type FraudDecision };
export const fraudDecisionSchema = z.enum(FRAUD_DECISIONS);

/** The sizes a paginated list may be asked for. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** The most claims one bulk transition may change: one page of the queue at its largest. */
export const MAX_BULK_CLAIMS = 100;

/** The longest note a transition may carry. */
export const MAX_NOTE_LENGTH = 2000;

/** The longest search text. */
export const MAX_SEARCH_LENGTH = 200;

const pageSizeSchema = z.literal(PAGE_SIZES);

export function listPage<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** How many items match the filters, on every page together. */
    total: z.number().int().min(0),
    /** 1-based; a page past the last answers with no items and the same total. */
    page: z.number().int().min(1),
    pageSize: pageSizeSchema,
  });
}

export const pageQueryFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().pipe(pageSizeSchema).default(DEFAULT_PAGE_SIZE),
};

/** A query parameter holding a comma-separated list of known values, e.g. status=received,cured. */
function commaList<Values extends readonly [string, ...string[]]>(values: Values) {
  return z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
    ])
    .pipe(z.array(z.enum(values)));
}

// ---------------------------------------------------------------------------------------------
// Sign-in, session

/** POST /admin/api/sign-in: the first step. */
export const signInRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The base32 alphabet of TOTP secrets (RFC 4648), as authenticator apps read them. */
const TOTP_SECRET = /^[A-Z2-7]{16,128}$/;

/**
 * The password is accepted (any failure is a 401 with SIGN_IN_REFUSED_MESSAGE): the
 * administrator gives the code of an enrolled authenticator (`totp`), or, at the first
 * sign-in, enrolls one (`enroll`) from the otpauth URI shown as a QR code or from the secret
 * typed in.
 */
export const signInResponseSchema = z.discriminatedUnion('next', [
  z.object({ next: z.literal('totp') }),
  z.object({
    next: z.literal('enroll'),
    /** otpauth://totp/<issuer>:<e-mail>?secret=…&issuer=…: what the QR code holds. */
    otpauthUri: z.string().startsWith('otpauth://totp/'),
    /** The same secret, base32, for typing into an authenticator by hand. */
    secret: z.string().regex(TOTP_SECRET),
  }),
]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** Six digits; spaces a person types between them are removed before sending. */
export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'expected the 6-digit code');

/**
 * POST /admin/api/sign-in/totp and POST /admin/api/sign-in/enroll. A wrong code is a 400
 * (the step may be tried again); after five wrong codes, or ADMIN_SIGN_IN_STEP_MINUTES after
 * the password, the step is over and the answer is 401 (start again with the password).
 * Enrolling stores the secret only once a code from it is right.
 */
export const totpRequestSchema = z.object({ code: totpCodeSchema });
export type TotpRequest = z.infer<typeof totpRequestSchema>;

/** GET /admin/api/me, and the answer of a completed sign-in. */
export const meResponseSchema = z.object({
  email: z.string().min(1),
  role: adminRoleSchema,
  /** When the session ends unless another call is made before (renewed by each call). */
  idleExpiresAt: isoInstantSchema,
  /** When the session ends whatever the activity: ADMIN_SESSION_ABSOLUTE_HOURS after sign-in. */
  absoluteExpiresAt: isoInstantSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /admin/api/sign-out: ends the session if there is one; no body is sent. */
export const signOutResponseSchema = z.object({ signedOut: z.literal(true) });
export type SignOutResponse = z.infer<typeof signOutResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The case's lifecycle settings, as the console shows them

export const adminDeficiencyReasonSchema = z.object({
  code: reasonCodeSchema,
  /** The reason in the case's default culture. */
  label: z.string().min(1),
  /** What the claimant sends to cure it, in the case's default culture. */
  whatToSend: z.string().min(1),
});
export type AdminDeficiencyReason = z.infer<typeof adminDeficiencyReasonSchema>;

export const adminDenialReasonSchema = z.object({
  code: reasonCodeSchema,
  label: z.string().min(1),
});
export type AdminDenialReason = z.infer<typeof adminDenialReasonSchema>;

/**
 * What the console needs to offer a transition: the reasons to choose from and the windows,
 * so that it shows the cure-by or appeal-by date a transition would set (windowClosesAt of
 * lifecycle/windows with these days and time zone).
 */
export const adminLifecycleSettingsSchema = z.object({
  /** The case's IANA time zone, in which windows end and dates are shown. */
  timeZone: z.string().min(1),
  cureWindowDays: z.number().int().min(1),
  appealWindowDays: z.number().int().min(1),
  deficiencyReasons: z.array(adminDeficiencyReasonSchema),
  denialReasons: z.array(adminDenialReasonSchema),
});
export type AdminLifecycleSettings = z.infer<typeof adminLifecycleSettingsSchema>;

/** GET /admin/api/case */
export const caseSettingsResponseSchema = z.object({
  caseName: z.string().min(1),
  /** The enabled cultures, the default first: an export names its columns in one of them. */
  cultures: z.array(z.object({ code: z.string().min(2), name: z.string().min(1) })).min(1),
  lifecycle: adminLifecycleSettingsSchema,
});
export type CaseSettingsResponse = z.infer<typeof caseSettingsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The queue

export const CLAIM_SORT_FIELDS = [
  'filedAt',
  'referenceCode',
  'claimantName',
  'formType',
  'status',
  'fraudScore',
] as const;
export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * GET /admin/api/claims?…: every parameter is optional; lists are comma-separated. Filters
 * combine with AND, the values of one list with OR. Dates are days in the case's time zone,
 * both ends included. `q` finds claims whose reference code, Notice ID or VIN equals it (case
 * and spaces aside), or whose claimant name or e-mail address contains it.
 */
export const claimsQuerySchema = z.object({
  status: commaList(CLAIM_STATUSES).optional(),
  formType: commaList(CLAIM_FORM_TYPES).optional(),
  fraud: commaList(FRAUD_DECISIONS).optional(),
  filedFrom: isoDateSchema.optional(),
  filedTo: isoDateSchema.optional(),
  q: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  /** Oldest first unless asked otherwise: the order a queue is worked in. */
  sort: z.enum(CLAIM_SORT_FIELDS).default('filedAt'),
  order: z.enum(SORT_ORDERS).default('asc'),
  ...pageQueryFields,
});
export type ClaimsQuery = z.output<typeof claimsQuerySchema>;
/** What the console asks for; absent fields take the defaults. */
export type ClaimsQueryInput = Partial<ClaimsQuery>;

export const claimSummarySchema = z.object({
  id: idSchema,
  referenceCode: z.string().min(1),
  formType: claimFormTypeSchema,
  status: claimStatusSchema,
  filedAt: isoInstantSchema,
  claimantName: z.string().nullable(),
  /** Null until the claim is scored. */
  fraudScore: z.number().int().nullable(),
  fraudDecision: fraudDecisionSchema.nullable(),
  /** Set while the claim is deficient. */
  cureBy: isoInstantSchema.nullable(),
  /** Set while the claim is denied and the denial may be appealed. */
  appealBy: isoInstantSchema.nullable(),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

/**
 * The queue counts the claims that match up to this many, or up to the end of the page asked
 * for when that is further: a count of every match would read half a million index entries at
 * a million claims, on every page.
 */
export const CLAIMS_COUNT_LIMIT = 10_000;

export const claimsResponseSchema = listPage(claimSummarySchema).extend({
  /**
   * True when more claims match than were counted: `total` is then where counting stopped
   * (CLAIMS_COUNT_LIMIT, or the end of the page when further), and more claims follow the page.
   */
  moreThanTotal: z.boolean(),
});
export type ClaimsResponse = z.infer<typeof claimsResponseSchema>;

/** The query string of a claims query, without the values that are the defaults. */
export function claimsQueryParams(query: ClaimsQueryInput): Record<string, string> {
  const params: Record<string, string> = {};
  const lists = { status: query.status, formType: query.formType, fraud: query.fraud };
  for (const [key, values] of Object.entries(lists)) {
    if (values !== undefined && values.length > 0) params[key] = values.join(',');
  }
  if (query.filedFrom) params.filedFrom = query.filedFrom;
  if (query.filedTo) params.filedTo = query.filedTo;
  const search = query.q?.trim();
  if (search) params.q = search;
  if (query.sort !== undefined && query.sort !== 'filedAt') params.sort = query.sort;
  if (query.order !== undefined && query.order !== 'asc') params.order = query.order;
  if (query.page !== undefined && query.page !== 1) params.page = String(query.page);
  if (query.pageSize !== undefined && query.pageSize !== DEFAULT_PAGE_SIZE) {
    params.pageSize = String(query.pageSize);
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// One claim

/** One field of a submitted model, with its label from the case. */
export const claimFieldSchema = z.object({
  name: z.string().min(1),
  /** The field's label in the case's default culture. */
  label: z.string().min(1),
  /**
   * The value as a person reads it: a choice's label rather than its key, a date as the case
   * writes dates, yes or no for a check box; null when left empty. Secrets (a PIN) never
   * appear.
   */
  value: z.string().nullable(),
});
export type ClaimField = z.infer<typeof claimFieldSchema>;

/** One submitted model, in the order of the form; a part with several models has a section each. */
export const claimSectionSchema = z.object({
  part: z.enum(DTO_MAPPINGS),
  /** The model's title from the case, numbered when a part holds several ("Purchase 2"). */
  title: z.string().min(1),
  fields: z.array(claimFieldSchema),
});
export type ClaimSection = z.infer<typeof claimSectionSchema>;

/**
 * Where a document stands with the antivirus: `pending` while it waits in quarantine for a
 * scan, `clean` once scanned clean, `infected` when the scan found something. Only a clean
 * document can be viewed or downloaded (else 409).
 */
export const SCAN_STATES = ['pending', 'clean', 'infected'] as const;
export type ScanState = (typeof SCAN_STATES)[number];

export const claimDocumentSchema = z.object({
  id: idSchema,
  /** The claimant's file name, for showing and for the download's file name only. */
  name: z.string().min(1),
  contentType: z.string().min(1),
  /** Bytes. */
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in lowercase hex'),
  scanState: z.enum(SCAN_STATES),
  uploadedAt: isoInstantSchema,
  /** The document context's label from the case ("Proof of purchase"); null when none. */
  context: z.string().min(1).nullable(),
});
export type ClaimDocument = z.infer<typeof claimDocumentSchema>;

/** One entry of the claim's append-only history: a lifecycle event and who made it. */
export const historyEventSchema = z.object({
  at: isoInstantSchema,
  transition: transitionNameSchema,
  from: claimStatusSchema,
  to: claimStatusSchema,
  actor: z.enum(ACTORS),
  /** The administrator's e-mail address; null for the claimant and the system. */
  actorEmail: z.string().min(1).nullable(),
  reasonCodes: z.array(reasonCodeSchema),
  note: z.string().nullable(),
  cureBy: isoInstantSchema.nullable(),
  appealBy: isoInstantSchema.nullable(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** One signal that took points off the fraud score. */
export const fraudDeductionSchema = z.object({
  /** The signal's reason code, e.g. velocity_ip, duplicate_vin, disposable_email. */
  code: z.string().min(1),
  /** The reason in words. */
  reason: z.string().min(1),
  /** Points deducted, more than zero. */
  points: z.number().int().min(1),
  /** What was seen, e.g. "4 claims from 203.0.113.0/24 within 10 minutes". */
  evidence: z.string(),
});
export type FraudDeduction = z.infer<typeof fraudDeductionSchema>;

/** A claim's fraud assessment: 1,000 less its deductions, judged against the case's thresholds. */
export const fraudAssessmentSchema = z.object({
  score: z.number().int(),
  decision: fraudDecisionSchema,
  thresholds: z.object({ review: z.number().int(), hold: z.number().int() }),
  assessedAt: isoInstantSchema,
  deductions: z.array(fraudDeductionSchema),
});
export type FraudAssessment = z.infer<typeof fraudAssessmentSchema>;

/** GET /admin/api/claims/:claimId */
export const claimDetailSchema = z.object({
  id: idSchema,
  referenceCode: z.string().min(1),
  formType: claimFormTypeSchema,
  /** The culture the claimant filed in. */
  culture: z.string().min(1),
  status: claimStatusSchema,
  filedAt: isoInstantSchema,
  claimantName: z.string().nullable(),
  cureBy: isoInstantSchema.nullable(),
  appealBy: isoInstantSchema.nullable(),
  sections: z.array(claimSectionSchema),
  documents: z.array(claimDocumentSchema),
  /** Oldest first. */
  history: z.array(historyEventSchema),
  /** Null until the claim is scored. */
  fraud: fraudAssessmentSchema.nullable(),
  /**
   * The transitions the signed-in administrator may make on this claim now, in the lifecycle
   * table's order: availableTransitions of lifecycle/apply-transition for the claim and the
   * role's actor (lifecycleActorOf); empty for a viewer.
   */
  availableTransitions: z.array(transitionNameSchema),
  lifecycle: adminLifecycleSettingsSchema,
});
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

/**
 * POST /admin/api/claims/:claimId/transitions. `expectedStatus` is the status the
 * administrator saw: when the claim's status is another by the time the request arrives, the
 * answer is 409 and nothing changes. Reason codes come from the case's list the transition
 * names (deficiency or denial) and the note is required where the lifecycle table says so;
 * either problem is a 400 with the lifecycle's message.
 */
export const transitionRequestSchema = z.object({
  transition: transitionNameSchema,
  expectedStatus: claimStatusSchema,
  reasonCodes: z.array(reasonCodeSchema).default([]),
  note: z.string().trim().max(MAX_NOTE_LENGTH).nullable().default(null),
});
export type TransitionRequestInput = z.input<typeof transitionRequestSchema>;
export type TransitionRequest = z.output<typeof transitionRequestSchema>;

/** The answer of a transition: the claim as it now stands. */
export const transitionResponseSchema = claimDetailSchema;
export type TransitionResponse = ClaimDetail;

/**
 * POST /admin/api/claims/bulk-transitions: one transition, with the same reasons and note, on
 * each claim in turn. Each claim changes in its own transaction, so one refusal leaves the
 * others done; the answer (200) says what happened to each, in the order asked.
 */
export const bulkTransitionRequestSchema = z.object({
  transition: transitionNameSchema,
  claimIds: z
    .array(idSchema)
    .min(1)
    .max(MAX_BULK_CLAIMS)
    .refine((ids) => new Set(ids).size === ids.length, 'a claim is listed twice'),
  reasonCodes: z.array(reasonCodeSchema).default([]),
  note: z.string().trim().max(MAX_NOTE_LENGTH).nullable().default(null),
});
export type BulkTransitionRequestInput = z.input<typeof bulkTransitionRequestSchema>;
export type BulkTransitionRequest = z.output<typeof bulkTransitionRequestSchema>;

export const bulkOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({
    claimId: idSchema,
    ok: z.literal(true),
    referenceCode: z.string().min(1),
    status: claimStatusSchema,
  }),
  z.object({
    claimId: idSchema,
    ok: z.literal(false),
    /** Null when no claim has this id. */
    referenceCode: z.string().min(1).nullable(),
    /** Why this claim was left as it was (the lifecycle's message, or "no such claim"). */
    error: z.string().min(1),
  }),
]);
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const bulkTransitionResponseSchema = z.object({ outcomes: z.array(bulkOutcomeSchema) });
export type BulkTransitionResponse = z.infer<typeof bulkTransitionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Documents

/**
 * GET /admin/api/claims/:claimId/documents/:documentId?disposition=inline|attachment: the
 * document's bytes with its content type, `X-Content-Type-Options: nosniff`,
 * `Content-Security-Policy: sandbox` and a Content-Disposition of the asked kind (attachment
 * with the claimant's file name). Each call is audited as a view or a download.
 */
export const DOCUMENT_DISPOSITIONS = ['inline', 'attachment'] as const;
export type DocumentDisposition = (typeof DOCUMENT_DISPOSITIONS)[number];
export const documentQuerySchema = z.object({
  disposition: z.enum(DOCUMENT_DISPOSITIONS).default('inline'),
});

/** Image types every browser shows in an <img>. */
const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * How the console shows a document inline: a PDF in a sandboxed frame, an image as an image;
 * null for anything else, which is offered for download only.
 */
export function documentPreviewKind(contentType: string): 'pdf' | 'image' | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  return INLINE_IMAGE_TYPES.includes(type) ? 'image' : null;
}

// ---------------------------------------------------------------------------------------------
// The audit log

/** What an audit entry records; every route writes the one for what it did. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_refused',
  'totp_enrolled',
  'sign_out',
  'claims_listed',
  'claim_viewed',
  'claim_transition',
  'document_viewed',
  'document_downloaded',
  'audit_viewed',
  'audit_exported',
  'account_created',
  'account_disabled',
  'account_enabled',
  'totp_reset',
  'password_reset',
  'data_import_started',
  'data_export_started',
  'data_file_downloaded',
  'payout_results_applied',
  'fraud_holds_listed',
  'fraud_cluster_viewed',
  'fraud_hold_released',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * GET /admin/api/audit?…, newest first, and GET /admin/api/audit/export.csv?… with the same
 * filters (without page and pageSize: every matching entry). `actor` is an e-mail address
 * (case aside), `claim` a reference code; dates are days in the case's time zone, both ends
 * included.
 */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(254).optional(),
  claim: z.string().trim().max(50).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  ...pageQueryFields,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
/** What the console asks for; absent fields take the defaults. */
export type AuditQueryInput = Partial<AuditQuery>;

export const auditEntrySchema = z.object({
  id: idSchema,
  at: isoInstantSchema,
  /** Who: the administrator, or the e-mail address a refused sign-in gave; null for the system. */
  actorEmail: z.string().min(1).nullable(),
  actorRole: adminRoleSchema.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The claim acted on, by reference code. */
  claimReference: z.string().min(1).nullable(),
  documentId: idSchema.nullable(),
  /** The address the request came from. */
  ipAddress: z.string().min(1).nullable(),
  /** The rest in words: a transition and its reasons, a search's filters, a refusal's cause. */
  details: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = listPage(auditEntrySchema);
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** The query string of an audit query, without the values that are the defaults. */
export function auditQueryParams(query: AuditQueryInput): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.action) params.action = query.action;
  const actor = query.actor?.trim();
  if (actor) params.actor = actor;
  const claim = query.claim?.trim();
  if (claim) params.claim = claim;
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.page !== undefined && query.page !== 1) params.page = String(query.page);
  if (query.pageSize !== undefined && query.pageSize !== DEFAULT_PAGE_SIZE) {
    params.pageSize = String(query.pageSize);
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// Paths and endpoints

export const ADMIN_API_PATHS = {
  csrf: `${ADMIN_API_BASE}/csrf`,
  signIn: `${ADMIN_API_BASE}/sign-in`,
  verifyTotp: `${ADMIN_API_BASE}/sign-in/totp`,
  enrollTotp: `${ADMIN_API_BASE}/sign-in/enroll`,
  signOut: `${ADMIN_API_BASE}/sign-out`,
  me: `${ADMIN_API_BASE}/me`,
  caseSettings: `${ADMIN_API_BASE}/case`,
  claims: `${ADMIN_API_BASE}/claims`,
  bulkTransitions: `${ADMIN_API_BASE}/claims/bulk-transitions`,
  audit: `${ADMIN_API_BASE}/audit`,
  auditExport: `${ADMIN_API_BASE}/audit/export.csv`,
} as const;

const segment = (value: string) => encodeURIComponent(value);

export function claimPath(claimId: string): string {
  return `${ADMIN_API_PATHS.claims}/${segment(claimId)}`;
}

export function claimTransitionsPath(claimId: string): string {
  return `${claimPath(claimId)}/transitions`;
}

export function documentPath(
  claimId: string,
  documentId: string,
  disposition: DocumentDisposition,
): string {
  return withQuery(`${claimPath(claimId)}/documents/${segment(documentId)}`, { disposition });
}

export function claimsPath(query: ClaimsQueryInput): string {
  return withQuery(ADMIN_API_PATHS.claims, claimsQueryParams(query));
}

export function auditPath(query: AuditQueryInput): string {
  return withQuery(ADMIN_API_PATHS.audit, auditQueryParams(query));
}

/** The CSV of every audit entry the filters match (see audit-csv.ts for its columns). */
export function auditExportPath(query: AuditQueryInput): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return withQuery(ADMIN_API_PATHS.auditExport, auditQueryParams(filters));
}

/** Every route of the admin API: its method, path, who may call it and its shapes. */
export const ADMIN_ENDPOINTS = {
  csrf: {
    method: 'GET',
    path: ADMIN_API_PATHS.csrf,
    access: 'anyone',
    response: csrfResponseSchema,
  },
  signIn: {
    method: 'POST',
    path: ADMIN_API_PATHS.signIn,
    access: 'anyone',
    body: signInRequestSchema,
    response: signInResponseSchema,
  },
  verifyTotp: {
    method: 'POST',
    path: ADMIN_API_PATHS.verifyTotp,
    access: 'password_accepted',
    body: totpRequestSchema,
    response: meResponseSchema,
  },
  enrollTotp: {
    method: 'POST',
    path: ADMIN_API_PATHS.enrollTotp,
    access: 'password_accepted',
    body: totpRequestSchema,
    response: meResponseSchema,
  },
  signOut: {
    method: 'POST',
    path: ADMIN_API_PATHS.signOut,
    access: 'anyone',
    response: signOutResponseSchema,
  },
  me: { method: 'GET', path: ADMIN_API_PATHS.me, access: 'signed_in', response: meResponseSchema },
  caseSettings: {
    method: 'GET',
    path: ADMIN_API_PATHS.caseSettings,
    access: 'signed_in',
    response: caseSettingsResponseSchema,
  },
  claims: {
    method: 'GET',
    path: ADMIN_API_PATHS.claims,
    access: 'claims:read',
    query: claimsQuerySchema,
    response: claimsResponseSchema,
  },
  claim: {
    method: 'GET',
    path: `${ADMIN_API_PATHS.claims}/:claimId`,
    access: 'claims:read',
    response: claimDetailSchema,
  },
  transition: {
    method: 'POST',
    path: `${ADMIN_API_PATHS.claims}/:claimId/transitions`,
    access: 'claims:transition',
    body: transitionRequestSchema,
    response: transitionResponseSchema,
  },
  bulkTransitions: {
    method: 'POST',
    path: ADMIN_API_PATHS.bulkTransitions,
    access: 'claims:transition',
    body: bulkTransitionRequestSchema,
    response: bulkTransitionResponseSchema,
  },
  document: {
    method: 'GET',
    path: `${ADMIN_API_PATHS.claims}/:claimId/documents/:documentId`,
    access: 'documents:read',
    query: documentQuerySchema,
  },
  audit: {
    method: 'GET',
    path: ADMIN_API_PATHS.audit,
    access: 'audit:read',
    query: auditQuerySchema,
    response: auditResponseSchema,
  },
  auditExport: {
    method: 'GET',
    path: ADMIN_API_PATHS.auditExport,
    access: 'data:export',
    query: auditQuerySchema.omit({ page: true, pageSize: true }),
  },
} as const satisfies Record<string, AdminEndpoint>;
export type AdminEndpointName = keyof typeof ADMIN_ENDPOINTS;
