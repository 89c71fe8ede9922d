import {
  API_PATHS,
  authorizePath,
  submitPath,
  withQuery,
  type AuthorizeRequest,
  type AuthorizeResponse,
  type CaptchaConfigResponse,
  type CharacterWhitelistResponse,
  type CsrfResponse,
  type CultureContentResponse,
  type CulturesResponse,
  type FormsConfigResponse,
  type PayPalSettingsResponse,
  type RefusedDocument,
  type SessionTimeoutResponse,
  type SetLanguageResponse,
  type SignatureDateResponse,
  type SubmitResponse,
} from '@claims/core/contract/api';
import { isDocumentRefusalReason } from '@claims/core/documents/refusal';
import { SITE_PATH, type SiteSettings } from '@claims/core/contract/site';
import type { DeadlinesResponse } from '@claims/core/deadlines/deadlines';
import {
  SUBMITTABLE_FORM_TYPES,
  type FormType,
  type SubmittableFormType,
} from '@claims/core/form-types';
import type { Answer, AnswerName } from './contract-check';
import { withRetries } from './retry';
import { postWithUploadProgress, type UploadRequest } from './upload-request';

/**
 * The one API client of the site (docs/behaviour.md#api), typed by the shared schemas of
 * packages/core. The server checks every successful answer against the same schemas before it
 * leaves (an answer outside the contract becomes a 500), so the production build trusts them and
 * ships without zod. Development builds and the tests check each answer again, so a server that
 * drifts from the contract fails here with the path and the problem instead of deep inside a
 * page.
 */

/** A failed call: `status` is the HTTP status, or 0 when the network or the body failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly path: string;

  constructor(status: number, path: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.path = path;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

let csrf: CsrfResponse | null = null;

export function isCsrfLoaded(): boolean {
  return csrf !== null;
}

/** Forgets the token, e.g. after the server ended the session it belonged to. */
export function clearCsrf(): void {
  csrf = null;
}

/** GET calls retried wherever they are asked from (start-up asks for the token ahead). */
const RETRIED_GETS: ReadonlySet<string> = new Set([API_PATHS.csrf]);

/**
 * Sends a call; `retried` ones are sent again when the network or the instance behind the
 * proxy fails (lib/retry.ts): the session's start, authorize and the claim's submission.
 */
async function send(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  init: RequestInit = {},
  retried = method === 'GET' && RETRIED_GETS.has(path),
  upload?: Pick<UploadRequest, 'onProgress' | 'signal'>,
) {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // Every unsafe call carries the antiforgery token (docs/behaviour.md#api,
  // docs/architecture.md#csrf).
  if (method !== 'GET' && csrf !== null) headers.set(csrf.requestHeaderName, csrf.requestToken);
  try {
    const call =
      upload !== undefined && init.body instanceof FormData
        ? () => postWithUploadProgress(path, { ...upload, headers, body: init.body as FormData })
        : () => fetch(path, { ...init, method, headers, credentials: 'same-origin' });
    return await (retried ? withRetries(call) : call());
  } catch (error) {
    throw new ApiError(0, path, `${method} ${path} failed: the server could not be reached`, {
      cause: error,
    });
  }
}

/**
 * GET answers asked for ahead of the call that reads them: start-up asks for all of its calls
 * at once and reads them in the order docs/behaviour.md#start-up gives. Each is read once.
 */
const prefetched = new Map<string, Promise<Response>>();

/** Asks for the GET answer of `path` now, for the next call to it; settles when it arrives. */
export function prefetch(path: string): Promise<void> {
  let pending = prefetched.get(path);
  if (pending === undefined) {
    pending = send('GET', path);
    prefetched.set(path, pending);
  }
  return pending.then(
    () => undefined,
    () => undefined,
  );
}

/** Forgets answers asked for ahead and never read, so no later call reads a stale one. */
export function clearPrefetched(): void {
  prefetched.clear();
}

function takePrefetched(path: string): Promise<Response> | undefined {
  const pending = prefetched.get(path);
  prefetched.delete(path);
  return pending;
}

async function readJson(response: Response, method: string, path: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(
      response.status,
      path,
      `${method} ${path} answered with text that is not JSON`,
      {
        cause: error,
      },
    );
  }
}

async function checked<N extends AnswerName>(
  name: N,
  body: unknown,
  status: number,
  method: string,
  path: string,
): Promise<Answer<N>> {
  // Only development builds and the tests check; the production build leaves zod out.
  if (!import.meta.env.DEV) return body as Answer<N>;
  const { checkAnswer } = await import('./contract-check');
  const check = checkAnswer(name, body);
  if (check.ok) return check.answer;
  throw new ApiError(
    status,
    path,
    `${method} ${path} answered with an unexpected body: ${check.problems}`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `error` of a 4xx body ({ error } in docs/behaviour.md#api-answers), or null when it has none.
 */
function errorOf(body: unknown): string | null {
  return isRecord(body) && typeof body.error === 'string' && body.error !== '' ? body.error : null;
}

async function request<N extends AnswerName>(
  method: 'GET' | 'POST',
  path: string,
  answer: N,
): Promise<Answer<N>> {
  const response = await ((method === 'GET' ? takePrefetched(path) : undefined) ??
    send(method, path));
  const body = await readJson(response, method, path);
  if (!response.ok) {
    const reason = errorOf(body) ?? response.statusText;
    throw new ApiError(
      response.status,
      path,
      `${method} ${path} failed with ${response.status}: ${reason}`,
    );
  }
  return checked(answer, body, response.status, method, path);
}

/** GET /api/csrf; the token is kept and sent on every later unsafe call. */
export async function getCsrf(): Promise<CsrfResponse> {
  csrf = await request('GET', API_PATHS.csrf, 'csrf');
  return csrf;
}

/** The start-up step that loads the antiforgery token (docs/behaviour.md#start-up). */
export const loadCsrf = getCsrf;

export function sessionTimeout(): Promise<SessionTimeoutResponse> {
  return request('POST', API_PATHS.sessionTimeout, 'sessionTimeout');
}

export function getDeadlines(): Promise<DeadlinesResponse> {
  return request('GET', API_PATHS.deadlines, 'deadlines');
}

export function getCharactersWhitelist(): Promise<CharacterWhitelistResponse> {
  return request('GET', API_PATHS.charactersWhitelist, 'charactersWhitelist');
}

export function getCaptchaConfig(): Promise<CaptchaConfigResponse> {
  return request('GET', API_PATHS.captcha, 'captcha');
}

export function getPayPalSettings(): Promise<PayPalSettingsResponse> {
  return request('GET', API_PATHS.payPalSettings, 'payPalSettings');
}

export function getFormsConfig(): Promise<FormsConfigResponse> {
  return request('GET', API_PATHS.formsConfig, 'formsConfig');
}

export function getSignatureDate(culture: string): Promise<SignatureDateResponse> {
  return request('GET', withQuery(API_PATHS.signatureDate, { culture }), 'signatureDate');
}

export function getCultureContent(culture: string): Promise<CultureContentResponse> {
  return request('GET', withQuery(API_PATHS.cultureContent, { culture }), 'cultureContent');
}

export function getCultures(): Promise<CulturesResponse> {
  return request('GET', API_PATHS.cultures, 'cultures');
}

export function setLanguage(culture: string): Promise<SetLanguageResponse> {
  return request('GET', withQuery(API_PATHS.setLanguage, { culture }), 'setLanguage');
}

/** GET /api/site: the case-level settings the layouts, themes and session need. */
export function getSite(): Promise<SiteSettings> {
  return request('GET', SITE_PATH, 'site');
}

function isSubmittableFormType(formType: FormType): formType is SubmittableFormType {
  return (SUBMITTABLE_FORM_TYPES as readonly string[]).includes(formType);
}

export interface CallResult<T> {
  status: number;
  body: T | null;
}

/**
 * POST /api/forms/{form}/authorize. Never throws on an HTTP error: a 400 or 401 comes back
 * with the server's error as an unauthorized answer (docs/behaviour.md#api-answers).
 */
export async function authorize(
  formType: FormType,
  body: AuthorizeRequest,
): Promise<CallResult<AuthorizeResponse>> {
  const path = authorizePath(formType);
  const response = await send(
    'POST',
    path,
    { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    true,
  );
  const json = await readJson(response, 'POST', path).catch(() => null);
  // Refusals (400, 401, 429) come in the answer's shape too, with authorized false.
  if (isRecord(json) && typeof json.authorized === 'boolean') {
    const answer = await checked('authorize', json, response.status, 'POST', path).catch(
      () => null,
    );
    if (answer !== null) return { status: response.status, body: answer };
  }
  const error = errorOf(json);
  if (!response.ok && error !== null) {
    return {
      status: response.status,
      body: { authorized: false, error, captcha: null, prepopulatedData: null },
    };
  }
  return { status: response.status, body: null };
}

/** The submit's answer, or its error body, which names a refused document (contract/api.ts). */
export type SubmitAnswer = SubmitResponse & { document?: RefusedDocument };

function refusedDocumentOf(json: unknown): RefusedDocument | undefined {
  const document = isRecord(json) ? json.document : undefined;
  if (!isRecord(document) || typeof document.name !== 'string' || document.name === '') {
    return undefined;
  }
  const { name, reason } = document;
  return isDocumentRefusalReason(reason) ? { name, reason } : undefined;
}

/**
 * POST /api/forms/{form} with the multipart claim. Never throws on an HTTP error: a 400
 * comes back with its error and nonMatchingPaymentElection (docs/behaviour.md#api-answers),
 * and any refusal with the document it names (docs/behaviour.md#documents).
 */
export async function postClaimSubmission(
  formType: FormType,
  formData: FormData,
  upload?: Pick<UploadRequest, 'onProgress' | 'signal'>,
): Promise<CallResult<SubmitAnswer>> {
  if (!isSubmittableFormType(formType)) {
    throw new Error(
      `postClaimSubmission called for ${formType}, which has no submission; expected one of ${SUBMITTABLE_FORM_TYPES.join(', ')}`,
    );
  }
  if (csrf === null) {
    // docs/behaviour.md#submission: the csrf token must be loaded before a claim is submitted.
    throw new Error(
      `postClaimSubmission(${formType}) called before the CSRF token was loaded; call loadCsrf() first`,
    );
  }
  const path = submitPath(formType);
  // Sent again on a failure: the claim's client ids make a second send file nothing new.
  // With `upload`, its progress is reported and the signal cancels it (lib/upload-request.ts).
  const response = await send('POST', path, { body: formData }, true, upload);
  const json = await readJson(response, 'POST', path).catch(() => null);
  if (isRecord(json) && 'referenceCodeForm' in json) {
    const answer = await checked('submit', json, response.status, 'POST', path).catch(() => null);
    if (answer !== null) return { status: response.status, body: answer };
  }
  const error = errorOf(json);
  if (!response.ok && error !== null) {
    // A 400 also says whether the payment election failed verification
    // (docs/behaviour.md#api-answers).
    const nonMatchingPaymentElection =
      isRecord(json) && typeof json.nonMatchingPaymentElection === 'boolean'
        ? json.nonMatchingPaymentElection
        : false;
    const document = refusedDocumentOf(json);
    return {
      status: response.status,
      body: {
        error,
        nonMatchingPaymentElection,
        referenceCodeForm: null,
        ...(document === undefined ? {} : { document }),
      },
    };
  }
  return { status: response.status, body: null };
}

/**
 * A JSON call of the claimant's services after filing (contract/claimant-api.ts). Never throws
 * on an HTTP error: the answer comes back with its status and the server's `error`, if any.
 */
export async function callJson<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<CallResult<T> & { error: string | null }> {
  const init: RequestInit =
    body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await send(method, path, init);
  const json = await readJson(response, method, path).catch(() => null);
  if (response.ok) return { status: response.status, body: json as T, error: null };
  return { status: response.status, body: null, error: errorOf(json) };
}
