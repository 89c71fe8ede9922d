import {
  ADMIN_API_PATHS,
  auditPath,
  claimPath,
  claimsPath,
  claimTransitionsPath,
  type AuditQueryInput,
  type AuditResponse,
  type BulkTransitionRequestInput,
  type BulkTransitionResponse,
  type CaseSettingsResponse,
  type ClaimDetail,
  type ClaimsQueryInput,
  type ClaimsResponse,
  type CsrfResponse,
  type MeResponse,
  type SignInRequest,
  type SignInResponse,
  type SignOutResponse,
  type TransitionRequestInput,
} from '@claims/core/admin/admin-api';
import { DASHBOARD_PATH, type DashboardResponse } from '@claims/core/admin/dashboard-api';
import {
  DATA_IO_PATHS,
  dataJobPath,
  type DataJob,
  type DataJobsResponse,
  type StartExportRequest,
  type StartImportQuery,
} from '@claims/core/admin/data-io-api';
import {
  fraudClaimPath,
  fraudHoldsPath,
  fraudReleasePath,
  type FraudClaimResponse,
  type FraudHoldsQueryInput,
  type FraudHoldsResponse,
} from '@claims/core/admin/fraud-api';
import { withQuery } from '@claims/core/routes';
import type { Answer, AnswerName } from './contract-check';

/**
 * The console's one client of the admin API, typed by packages/core/src/admin/admin-api.ts.
 * Development builds and the tests check every answer against the contract's schemas; the
 * production build trusts the server, which checks its answers before they leave.
 */

/** A failed call: `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a person reads when a call fails. */
export function errorMessage(error: unknown): string {
  if (isApiError(error, 0))
    return 'The server could not be reached. Check the connection and try again.';
  if (isApiError(error, 403)) return 'Your role does not allow this.';
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

let csrf: CsrfResponse | null = null;
let sessionEnded: () => void = () => undefined;
let lastActivity = Date.now();
const activityListeners = new Set<() => void>();

/**
 * Called when a signed-in call answers 401: the session ended (idle, absolute lifetime, or
 * signed out elsewhere). The console sends the administrator to sign in again.
 */
export function onSessionEnded(handler: () => void): () => void {
  sessionEnded = handler;
  return () => {
    if (sessionEnded === handler) sessionEnded = () => undefined;
  };
}

/** When the server last answered a signed-in call, which renews the session's idle time. */
export function lastActivityAt(): number {
  return lastActivity;
}

export function onActivity(listener: () => void): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

/** Forgets the CSRF token: each sign-in step and sign-out starts a new session. */
export function clearCsrf(): void {
  csrf = null;
}

interface CallOptions {
  /** Sent as JSON; a FormData as multipart/form-data (a file upload). */
  body?: unknown;
  /** A 401 here is an answer to show (a sign-in step), not the end of a session. */
  signInStep?: boolean;
  signal?: AbortSignal;
}

function errorOf(body: unknown): string | null {
  return typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'string' &&
    body.error !== ''
    ? body.error
    : null;
}

async function send(method: 'GET' | 'POST', path: string, options: CallOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (method !== 'GET') {
    csrf ??= await call('GET', ADMIN_API_PATHS.csrf, 'csrf', { signInStep: true });
    headers.set(csrf.requestHeaderName, csrf.requestToken);
  }
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers.set('Content-Type', 'application/json');
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, `${method} ${path}: the server could not be reached`, { cause: error });
  }
}

async function readJson(response: Response, method: string, path: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(response.status, `${method} ${path} answered with text that is not JSON`, {
      cause: error,
    });
  }
}

async function checked<N extends AnswerName>(
  name: N,
  body: unknown,
  method: string,
  path: string,
): Promise<Answer<N>> {
  if (!import.meta.env.DEV) return body as Answer<N>;
  const { checkAnswer } = await import('./contract-check');
  const check = checkAnswer(name, body);
  if (check.ok) return check.answer as Answer<N>;
  throw new ApiError(500, `${method} ${path} answered outside the contract: ${check.problems}`);
}

async function call<N extends AnswerName>(
  method: 'GET' | 'POST',
  path: string,
  answer: N,
  options: CallOptions = {},
): Promise<Answer<N>> {
  const response = await send(method, path, options);
  const body = await readJson(response, method, path);
  if (!response.ok) {
    if (response.status === 401 && !options.signInStep) {
      csrf = null;
      sessionEnded();
    }
    throw new ApiError(
      response.status,
      errorOf(body) ?? `${method} ${path} failed (${response.status})`,
    );
  }
  if (!options.signInStep) {
    lastActivity = Date.now();
    activityListeners.forEach((listener) => listener());
  }
  return checked(answer, body, method, path);
}

/** POST /admin/api/sign-in: the password step. */
export async function signIn(request: SignInRequest): Promise<SignInResponse> {
  const answer = await call('POST', ADMIN_API_PATHS.signIn, 'signIn', {
    body: request,
    signInStep: true,
  });
  clearCsrf();
  return answer;
}

async function codeStep(
  path: string,
  name: 'verifyTotp' | 'enrollTotp',
  code: string,
): Promise<MeResponse> {
  const me = await call('POST', path, name, { body: { code }, signInStep: true });
  clearCsrf();
  lastActivity = Date.now();
  return me;
}

/** POST /admin/api/sign-in/totp: the code of an enrolled authenticator. */
export function verifyTotp(code: string): Promise<MeResponse> {
  return codeStep(ADMIN_API_PATHS.verifyTotp, 'verifyTotp', code);
}

/** POST /admin/api/sign-in/enroll: the first code of a newly enrolled authenticator. */
export function enrollTotp(code: string): Promise<MeResponse> {
  return codeStep(ADMIN_API_PATHS.enrollTotp, 'enrollTotp', code);
}

export async function signOut(): Promise<SignOutResponse> {
  try {
    return await call('POST', ADMIN_API_PATHS.signOut, 'signOut', {
      signInStep: true,
    });
  } finally {
    clearCsrf();
  }
}

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return call('GET', ADMIN_API_PATHS.me, 'me', { signal });
}

export function getCaseSettings(signal?: AbortSignal): Promise<CaseSettingsResponse> {
  return call('GET', ADMIN_API_PATHS.caseSettings, 'caseSettings', { signal });
}

export function getClaims(query: ClaimsQueryInput, signal?: AbortSignal): Promise<ClaimsResponse> {
  return call('GET', claimsPath(query), 'claims', { signal });
}

export function getClaim(claimId: string, signal?: AbortSignal): Promise<ClaimDetail> {
  return call('GET', claimPath(claimId), 'claim', { signal });
}

export function transitionClaim(
  claimId: string,
  request: TransitionRequestInput,
): Promise<ClaimDetail> {
  return call('POST', claimTransitionsPath(claimId), 'transition', { body: request });
}

export function bulkTransition(
  request: BulkTransitionRequestInput,
): Promise<BulkTransitionResponse> {
  return call('POST', ADMIN_API_PATHS.bulkTransitions, 'bulkTransitions', { body: request });
}

export function getAudit(query: AuditQueryInput, signal?: AbortSignal): Promise<AuditResponse> {
  return call('GET', auditPath(query), 'audit', { signal });
}

export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return call('GET', DASHBOARD_PATH, 'dashboard', { signal });
}

export function getDataJobs(signal?: AbortSignal): Promise<DataJobsResponse> {
  return call('GET', DATA_IO_PATHS.jobs, 'dataJobs', { signal });
}

export function getDataJob(jobId: string, signal?: AbortSignal): Promise<DataJob> {
  return call('GET', dataJobPath(jobId), 'dataJob', { signal });
}

/** POST /admin/api/data/imports: the CSV goes as the one file part of a multipart body. */
export function startImport(query: StartImportQuery, file: File): Promise<DataJob> {
  const body = new FormData();
  body.append('file', file, file.name);
  const path = withQuery(DATA_IO_PATHS.imports, {
    kind: query.kind,
    mode: query.mode ?? 'all-or-nothing',
  });
  return call('POST', path, 'startImport', { body });
}

export function startExport(request: StartExportRequest): Promise<DataJob> {
  return call('POST', DATA_IO_PATHS.exports, 'startExport', { body: request });
}

export function getFraudHolds(
  query: FraudHoldsQueryInput,
  signal?: AbortSignal,
): Promise<FraudHoldsResponse> {
  return call('GET', fraudHoldsPath(query), 'fraudHolds', { signal });
}

export function getFraudClaim(claimId: string, signal?: AbortSignal): Promise<FraudClaimResponse> {
  return call('GET', fraudClaimPath(claimId), 'fraudClaim', { signal });
}

export function releaseFraudHold(claimId: string, note: string): Promise<FraudClaimResponse> {
  return call('POST', fraudReleasePath(claimId), 'releaseFraudHold', { body: { note } });
}
