import { z } from 'zod';
import { CAPTCHA_PROVIDERS } from '../case/captcha-providers';
import { remoteModelConfigSchema } from '../case/field-config';
import { FORM_TYPE_SEGMENTS, type FormType, type SubmittableFormType } from '../form-types';
import { DOCUMENT_REFUSAL_REASONS } from '../documents/refusal';
import { cultureCodeSchema } from '../culture-code';

/**
 * The HTTP contract between the site and its API (docs/behaviour.md#api). The server
 * validates what it receives and the browser what it gets back, with these same schemas.
 */

export {
  CAPTCHA_PROVIDERS,
  DEFAULT_CAPTCHA_PROVIDER,
  type CaptchaProvider,
} from '../case/captcha-providers';
// GET /api/cultures and GET /api/culture/content answer with the cultures of the case.
export {
  cultureContentResponseSchema,
  culturesResponseSchema,
  type CultureContentResponse,
  type CulturesResponse,
} from '../case/cultures';
export { cultureCodeSchema, DEFAULT_CULTURE, type CultureCode } from '../culture-code';
// GET /api/deadlines answers in either shape of docs/behaviour.md#deadlines.
export {
  deadlinesResponseSchema,
  type DeadlinesResponse,
  type DeadlinesByName,
  type DeadlinesByLanguage,
} from '../deadlines/deadlines';

/** Adds a query string: withQuery(API_PATHS.cultureContent, { culture: 'es' }). */
export { withQuery } from '../routes';

/** Paths of the calls that do not depend on a form type (docs/behaviour.md#api). */
export const API_PATHS = {
  csrf: '/api/csrf',
  sessionTimeout: '/api/session-timeout',
  deadlines: '/api/deadlines',
  charactersWhitelist: '/api/characters-whitelist',
  captcha: '/api/captcha',
  payPalSettings: '/api/banking/paypal-settings',
  formsConfig: '/api/forms/config',
  signatureDate: '/api/signature-date',
  cultureContent: '/api/culture/content',
  cultures: '/api/cultures',
  setLanguage: '/api/culture/set-language',
} as const;
export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** POST target of a form type's authorize call. */
export function authorizePath(formType: FormType): string {
  return `/api/forms/${FORM_TYPE_SEGMENTS[formType]}/authorize`;
}

/**
 * POST target of a form type's multipart submission; Lookup only authorizes
 * (docs/behaviour.md#submission).
 */
export function submitPath(formType: SubmittableFormType): string {
  return `/api/forms/${FORM_TYPE_SEGMENTS[formType]}`;
}

/** Body of every 4xx answer except the submit call's 400 (which adds nonMatchingPaymentElection). */
export const errorBodySchema = z.object({ error: z.string().min(1) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

// GET /api/csrf: the token is sent back in the named header on every unsafe call.
export const csrfResponseSchema = z.object({
  requestHeaderName: z.string().min(1),
  requestToken: z.string().min(1),
});
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

// POST /api/session-timeout: ends the session's authorizations; no body is sent.
export const sessionTimeoutResponseSchema = z.object({ loggedOut: z.literal(true) });
export type SessionTimeoutResponse = z.infer<typeof sessionTimeoutResponseSchema>;

// GET /api/characters-whitelist
export const characterWhitelistResponseSchema = z.object({
  /** JSON text: an array of single characters, or one string holding all of them. */
  allowedCharacters: z.string().min(1),
});
export type CharacterWhitelistResponse = z.infer<typeof characterWhitelistResponseSchema>;

/** The allowedCharacters text for a set of characters (a JSON array of single characters). */
export function encodeAllowedCharacters(characters: string): string {
  return JSON.stringify([...new Set(characters)]);
}

/**
 * The allowed characters of a whitelist response. Characters are Unicode code points, the
 * unit the characterSetRestriction rule checks. Throws on text that is not the JSON of a
 * string or of an array of single characters.
 */
export function parseAllowedCharacters(json: string): Set<string> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`allowedCharacters is not valid JSON (${reason})`, { cause: error });
  }
  if (typeof value === 'string') return new Set(value);
  if (Array.isArray(value)) {
    const characters = new Set<string>();
    value.forEach((item, index) => {
      if (typeof item !== 'string' || [...item].length !== 1) {
        throw new Error(
          `allowedCharacters[${index}] is ${JSON.stringify(item)}; expected a single character`,
        );
      }
      characters.add(item);
    });
    return characters;
  }
  throw new Error(
    `allowedCharacters holds JSON of type ${value === null ? 'null' : typeof value}; expected a string or an array of single characters`,
  );
}

// GET /api/captcha

/** What a captcha script address may be (see isCaptchaScriptUrl). */
export const CAPTCHA_SCRIPT_URL_RULE =
  'an absolute https URL, or http on a loopback address (localhost, 127.0.0.1, [::1])';

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Whether a hosted provider's script may be loaded from `value`: over https, or over plain
 * http only from this machine (a fake provider in tests), since the script runs with the
 * page's rights. Addresses carrying a user name or password are refused.
 */
export function isCaptchaScriptUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

export const captchaScriptUrlSchema = z
  .string()
  .refine(isCaptchaScriptUrl, { message: `scriptUrl must be ${CAPTCHA_SCRIPT_URL_RULE}` });

export const captchaConfigResponseSchema = z
  .object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    /** The hosted providers' public site key; empty for Altcha, which needs none. */
    siteKey: z.string(),
    token: z.string().optional(),
    /** Altcha only: where the widget fetches its proof-of-work challenge. */
    challengeUrl: z.string().min(1).optional(),
    /** Hosted providers only: where their script is loaded from instead of their own address. */
    // z.optional(), not captchaScriptUrlSchema.optional(): the bundler treats only calls of z as
    // free of side effects, and a browser page that does not parse this must leave zod out.
    scriptUrl: z.optional(captchaScriptUrlSchema),
  })
  .refine((config) => config.provider === 'Altcha' || config.siteKey !== '', {
    message: 'a siteKey is required for HCaptcha and GoogleReCaptcha',
    path: ['siteKey'],
  });
export type CaptchaConfigResponse = z.infer<typeof captchaConfigResponseSchema>;

// GET /api/banking/paypal-settings (docs/behaviour.md#payment-election)
export const payPalSettingsResponseSchema = z
  .object({
    /** Null while the election is disabled. */
    clientId: z.string().min(1).nullable(),
    enabled: z.boolean(),
    /** PayPal's login page for this session's payment-election popup; null while disabled. */
    loginUrl: z.string().min(1).nullable(),
    /** The claimant's last PayPal login in this session could not be verified. */
    invalidPayPalVerification: z.boolean(),
    /** The instant after which loginUrl is refused; fetch the settings again after it. */
    authCodeExpiration: z.iso.datetime({ offset: true }).nullable(),
  })
  .refine(
    (settings) =>
      !settings.enabled ||
      (settings.clientId !== null &&
        settings.loginUrl !== null &&
        settings.authCodeExpiration !== null),
    {
      message: 'an enabled PayPal election needs a clientId, a loginUrl and an authCodeExpiration',
    },
  );
export type PayPalSettingsResponse = z.infer<typeof payPalSettingsResponseSchema>;

// GET /api/forms/config
export const formsConfigResponseSchema = z.array(remoteModelConfigSchema);
export type FormsConfigResponse = z.infer<typeof formsConfigResponseSchema>;

// GET /api/signature-date?culture={culture}
export const signatureDateQuerySchema = z.object({ culture: cultureCodeSchema });
export type SignatureDateQuery = z.infer<typeof signatureDateQuerySchema>;

export const signatureDateResponseSchema = z.object({
  culture: cultureCodeSchema,
  /** Today in the project's time zone, as yyyy-MM-dd. */
  date: z.iso.date(),
  /** The same date written for the culture, e.g. "March 5, 2027" or "5 de marzo de 2027". */
  display: z.string().min(1),
});
export type SignatureDateResponse = z.infer<typeof signatureDateResponseSchema>;

// GET /api/culture/content?culture={culture}
export const cultureContentQuerySchema = z.object({ culture: cultureCodeSchema });
export type CultureContentQuery = z.infer<typeof cultureContentQuerySchema>;

/** Printable ASCII after a single leading / (no / or \ next to it): what a Location may carry. */
const SITE_PATH_TEXT = /^\/(?![/\\])[\x21-\x7e]*$/;
/** What a browser drops from a URL or reads as a slash: controls, spaces, backslashes. */
const UNSAFE_IN_PATH = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
/** Percent-decoding rounds looked through; a path still encoded deeper is refused. */
const DECODING_ROUNDS = 3;

/**
 * True for a path on this site that is safe to redirect to. Browsers drop tabs and line
 * breaks from a URL and read a backslash as a slash, so "/\t/evil.example" would lead to
 * //evil.example, another host; the path is therefore refused if it, or any percent-decoding
 * of it, holds such a character or starts with two slashes. Malformed escapes are refused.
 */
export function isSameSitePath(value: string): boolean {
  if (!SITE_PATH_TEXT.test(value) || value.includes('\\')) return false;
  let current = value;
  for (let round = 0; round < DECODING_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (UNSAFE_IN_PATH.test(decoded) || decoded.startsWith('//')) return false;
    current = decoded;
  }
  return false;
}

// GET /api/culture/set-language?culture={culture}&returnUrl={path}
export const setLanguageQuerySchema = z.object({
  culture: cultureCodeSchema,
  /**
   * Where to send the browser afterwards. A path on this site only: a full URL here would
   * make the call an open redirect.
   */
  returnUrl: z
    .string()
    .refine(isSameSitePath, {
      message:
        'expected a path on this site: a single / then printable characters, with no spaces, control characters or backslashes, encoded or not',
    })
    .optional(),
});
export type SetLanguageQuery = z.infer<typeof setLanguageQuerySchema>;

export const setLanguageResponseSchema = z.object({ culture: cultureCodeSchema });
export type SetLanguageResponse = z.infer<typeof setLanguageResponseSchema>;

/** A value a credentials or prepopulated-data field can hold. */
export const scalarValueSchema = z.union([z.string(), z.number(), z.boolean()]).nullable();
export type ScalarValue = z.infer<typeof scalarValueSchema>;

// POST /api/forms/{form type}/authorize
export const authorizeRequestSchema = z.object({
  /** The credentials model's fields, keyed by field name. */
  credentials: z.record(z.string(), scalarValueSchema),
  reCaptchaResponse: z.string(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

export const authorizeResponseSchema = z.object({
  authorized: z.boolean(),
  error: z.string().nullable(),
  /** A captcha value the client keeps and sends with its next submission. */
  captcha: z.string().nullable(),
  /** Keys come capitalised (docs/behaviour.md#models); the client maps them to camelCase. */
  prepopulatedData: z.record(z.string(), scalarValueSchema).nullable(),
  /**
   * With a 428 (docs/behaviour.md#lockouts): a harder proof-of-work challenge the ID needs
   * before its credentials are looked at; the client solves it and sends the request again.
   */
  captchaChallenge: z
    .object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() })
    .optional(),
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

// POST /api/forms/{form type}: the multipart request is in ./submission.
export const submitResponseSchema = z.object({
  error: z.string().nullable(),
  nonMatchingPaymentElection: z.boolean(),
  referenceCodeForm: z.string().nullable(),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

/**
 * The document a submit refused, when a document is why (docs/behaviour.md#documents): the name
 * the claimant chose it by, and the reason, for the browser to say in the claimant's language.
 */
export const refusedDocumentSchema = z.object({
  name: z.string().min(1),
  reason: z.enum(DOCUMENT_REFUSAL_REASONS),
});
export type RefusedDocument = z.infer<typeof refusedDocumentSchema>;

/**
 * The submit call's 4xx body (docs/behaviour.md#api-answers): a 400 says whether the payment
 * election failed verification; a refused document (413, 415, 422) is named in `document`.
 */
export const submitBadRequestBodySchema = z.object({
  error: z.string().min(1),
  nonMatchingPaymentElection: z.boolean(),
  document: z.optional(refusedDocumentSchema),
});
export type SubmitBadRequestBody = z.infer<typeof submitBadRequestBodySchema>;
