import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CAPTCHA_SCRIPT_URL_RULE,
  isCaptchaScriptUrl,
  type CaptchaProvider,
} from '@claims/core/contract/api';
import { DEFAULT_SESSION_MINUTES, MAX_SESSION_MINUTES } from '@claims/core/contract/site';
import { z } from 'zod';
import { demoAdminRequested } from './admin/demo-admin';
import { parseClamdUrl, type ClamdAddress } from './antivirus/document-scanner';
import type { ServerTimeouts } from './http/server-timeouts';
import { parseMailFrom, type MailFrom } from './email/compose-email';
import { opsConfigFrom, opsEnvShape, type OpsConfig } from './ops/ops-config';
import { bucketEnvShape, checkBucketEnv, documentBucketFrom } from './uploads/bucket-config';
import type { DocumentBucketConfig } from './uploads/bucket-document-store';

/** The repository root: relative folders in the environment are resolved against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Everything the server reads from its environment, validated. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  caseDir: string;
  /** PostgreSQL connection string; absent means SQLite under dataDir. */
  databaseUrl: string | undefined;
  /** Keys sessions, CSRF tokens and one-time captcha passes. */
  sessionSecret: string;
  /** Keys the PIN hashes of the class list (kept apart from the database on purpose). */
  pinPepper: string;
  /** Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  publicOrigin: string | undefined;
  /** True when the site is served over HTTPS: cookies get Secure and the __Host- prefix. */
  https: boolean;
  webDist: string;
  /** The administrators' console's build folder (apps/admin/dist), served under /admin. */
  adminDist: string;
  /** DEMO_ADMIN: the demo start-up creates the supervisor demo@example.org (never in production). */
  demoAdmin: boolean;
  /** Origins the CSP also allows for scripts, frames and connections (fake providers in tests). */
  cspExtraOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Idle minutes before a session expires; the browser's session timer uses the same value. */
  sessionIdleMinutes: number;
  /** Hours after its creation that a session ends, however active. */
  sessionAbsoluteHours: number;
  captcha: {
    hCaptchaSecret: string | undefined;
    hCaptchaSiteKey: string | undefined;
    hCaptchaSiteverifyUrl: string;
    /** Where the browser loads hCaptcha's script from; absent means hCaptcha's own address. */
    hCaptchaScriptUrl: string | undefined;
    reCaptchaSecret: string | undefined;
    reCaptchaSiteKey: string | undefined;
    reCaptchaSiteverifyUrl: string;
    reCaptchaScriptUrl: string | undefined;
    /** Whether the self-hosted captcha's work rises for busy addresses (captcha/risk-friction.ts). */
    friction: boolean;
  };
  payPal: {
    baseUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
  };
  antivirus: AntivirusConfig;
  timeouts: ServerTimeouts;
  mail: MailConfig;
  jobs: { concurrency: number };
  /** The S3-compatible bucket documents are kept in; absent means DATA_DIR/documents. */
  documentBucket: DocumentBucketConfig | undefined;
  /** Redis, rate limits, metrics and shutdown (ops/ops-config.ts). */
  ops: OpsConfig;
}

export interface MailConfig {
  /** smtp:// or smtps:// with any credentials; absent means messages are written as .eml files. */
  smtpUrl: string | undefined;
  /** The sender; without a display name, messages go out under the case's title. */
  from: MailFrom;
}

/**
 * What to do with a document when clamd cannot be reached. Only "refuse" for now (503 with
 * Retry-After, nothing stored); "quarantine" (hold the document and scan it in a job) needs
 * the jobs engine.
 */
export const ANTIVIRUS_UNAVAILABLE_POLICIES = ['refuse'] as const;
export type AntivirusUnavailablePolicy = (typeof ANTIVIRUS_UNAVAILABLE_POLICIES)[number];

export interface AntivirusConfig {
  /** Where clamd listens; absent means documents are not scanned. */
  clamd: ClamdAddress | undefined;
  /** The longest one document's scan may take, connection included. */
  timeoutMs: number;
  whenUnavailable: AntivirusUnavailablePolicy;
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (name: string) =>
  z.url({ message: `${name} must be an absolute http(s) URL, e.g. https://example.org/path` });

/** A hosted captcha script address: it runs with the page's rights, so https or loopback only. */
const scriptUrl = (name: string) =>
  optionalText.pipe(
    z.string().refine(isCaptchaScriptUrl, `${name} must be ${CAPTCHA_SCRIPT_URL_RULE}`).optional(),
  );

/** A whole number of milliseconds above 0, with a default. */
const milliseconds = (name: string, defaultMs: number) =>
  optionalText
    .pipe(
      z
        .string()
        .regex(
          /^\d+$/,
          `${name} must be a whole number of milliseconds above 0, such as ${defaultMs}`,
        )
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(1, `${name} must be a whole number of milliseconds above 0, such as ${defaultMs}`),
        )
        .optional(),
    )
    .transform((value) => value ?? defaultMs);

const clamdUrl = optionalText.pipe(
  z
    .string()
    .transform((value, context) => {
      try {
        return parseClamdUrl(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `CLAMD_URL ${(error as Error).message}` });
        return z.NEVER;
      }
    })
    .optional(),
);

const antivirusUnavailable = optionalText
  .transform((value) => value ?? 'refuse')
  .pipe(
    z.string().transform((value, context) => {
      const policy = ANTIVIRUS_UNAVAILABLE_POLICIES.find((known) => known === value);
      if (policy !== undefined) return policy;
      context.addIssue({
        code: 'custom',
        message:
          value === 'quarantine'
            ? 'ANTIVIRUS_UNAVAILABLE "quarantine" is not available yet: it comes with the jobs engine; expected refuse'
            : `ANTIVIRUS_UNAVAILABLE "${value}" is not a policy; expected refuse (answer 503 with Retry-After and store nothing)`,
      });
      return z.NEVER;
    }),
  );

const sessionHoursMessage =
  'SESSION_ABSOLUTE_HOURS must be a number of hours above 0 and at most 168, such as 8 or 0.5';

const sessionMinutesMessage = `SESSION_IDLE_MINUTES must be a number of minutes above 0 and at most ${MAX_SESSION_MINUTES}, such as 30 or 0.5`;

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'PORT must be a number' })
      .int()
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('data'),
    CASE_DIR: z.string().trim().min(1).default('cases/demo'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    ),
    PIN_PEPPER: optionalText.pipe(
      z.string().min(32, 'PIN_PEPPER must be at least 32 characters').optional(),
    ),
    TRUST_PROXY: optionalText,
    PUBLIC_ORIGIN: optionalText.pipe(url('PUBLIC_ORIGIN').optional()),
    WEB_DIST: z.string().trim().min(1).default('apps/web/dist'),
    ADMIN_DIST: z.string().trim().min(1).default('apps/admin/dist'),
    DEMO_ADMIN: optionalText,
    NODE_ENV: optionalText,
    CSP_EXTRA_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ''),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^https?:\/\/[^\s/'";,]+$/,
              'CSP_EXTRA_ORIGINS must list origins such as https://captcha.example.org, separated by commas',
            ),
        ),
      ),
    SESSION_IDLE_MINUTES: optionalText
      .pipe(
        z
          .string()
          .regex(/^(\d+(\.\d*)?|\.\d+)$/, sessionMinutesMessage)
          .transform(Number)
          .pipe(
            z
              .number()
              .positive(sessionMinutesMessage)
              .max(MAX_SESSION_MINUTES, sessionMinutesMessage),
          )
          .optional(),
      )
      .transform((minutes) => minutes ?? DEFAULT_SESSION_MINUTES),
    SESSION_ABSOLUTE_HOURS: optionalText
      .pipe(
        z
          .string()
          .regex(/^(\d+(\.\d*)?|\.\d+)$/, sessionHoursMessage)
          .transform(Number)
          .pipe(z.number().positive(sessionHoursMessage).max(168, sessionHoursMessage))
          .optional(),
      )
      .transform((hours) => hours ?? 8),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    HCAPTCHA_SECRET: optionalText,
    HCAPTCHA_SITE_KEY: optionalText,
    HCAPTCHA_SITEVERIFY_URL: url('HCAPTCHA_SITEVERIFY_URL').default(
      'https://api.hcaptcha.com/siteverify',
    ),
    HCAPTCHA_SCRIPT_URL: scriptUrl('HCAPTCHA_SCRIPT_URL'),
    RECAPTCHA_SECRET: optionalText,
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SITEVERIFY_URL: url('RECAPTCHA_SITEVERIFY_URL').default(
      'https://www.google.com/recaptcha/api/siteverify',
    ),
    RECAPTCHA_SCRIPT_URL: scriptUrl('RECAPTCHA_SCRIPT_URL'),
    CAPTCHA_FRICTION: z.enum(['on', 'off']).default('on'),
    PAYPAL_BASE_URL: url('PAYPAL_BASE_URL').default('https://api-m.paypal.com'),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    CLAMD_URL: clamdUrl,
    CLAMD_TIMEOUT_MS: milliseconds('CLAMD_TIMEOUT_MS', 15_000),
    ANTIVIRUS_UNAVAILABLE: antivirusUnavailable,
    REQUEST_TIMEOUT_MS: milliseconds('REQUEST_TIMEOUT_MS', 600_000),
    HEADERS_TIMEOUT_MS: milliseconds('HEADERS_TIMEOUT_MS', 20_000),
    BODY_IDLE_TIMEOUT_MS: milliseconds('BODY_IDLE_TIMEOUT_MS', 30_000),
    KEEP_ALIVE_TIMEOUT_MS: milliseconds('KEEP_ALIVE_TIMEOUT_MS', 72_000),
    MAX_REQUESTS_PER_SOCKET: optionalText
      .pipe(
        z
          .string()
          .regex(/^\d+$/, 'MAX_REQUESTS_PER_SOCKET must be a whole number; 0 means no limit')
          .transform(Number)
          .optional(),
      )
      .transform((value) => value ?? 1000),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .refine(
          (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol),
          'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…',
        )
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .transform((value, context) => {
          const from = parseMailFrom(value);
          if (from !== undefined) return from;
          context.addIssue({
            code: 'custom',
            message:
              'MAIL_FROM must be one address, such as claims@example.org or Claims Desk <claims@example.org>',
          });
          return z.NEVER;
        })
        .optional(),
    ),
    JOBS_CONCURRENCY: optionalText
      .pipe(
        z
          .string()
          .regex(/^\d+$/, 'JOBS_CONCURRENCY must be a whole number from 1 to 32')
          .transform(Number)
          .pipe(
            z
              .number()
              .min(1, 'JOBS_CONCURRENCY must be a whole number from 1 to 32')
              .max(32, 'JOBS_CONCURRENCY must be a whole number from 1 to 32'),
          )
          .optional(),
      )
      .transform((value) => value ?? 2),
    ...opsEnvShape,
    ...bucketEnvShape,
  })
  .superRefine(checkBucketEnv)
  .superRefine((values, context) => {
    // A scan runs between two parts of the body, while nothing is read from the connection.
    if (values.CLAMD_URL !== undefined && values.CLAMD_TIMEOUT_MS >= values.BODY_IDLE_TIMEOUT_MS) {
      context.addIssue({
        code: 'custom',
        path: ['CLAMD_TIMEOUT_MS'],
        message: `CLAMD_TIMEOUT_MS (${values.CLAMD_TIMEOUT_MS}) must be below BODY_IDLE_TIMEOUT_MS (${values.BODY_IDLE_TIMEOUT_MS}), or a slow scan would cut the claimant's connection`,
      });
    }
    if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) {
      context.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `HEADERS_TIMEOUT_MS (${values.HEADERS_TIMEOUT_MS}) must be at most REQUEST_TIMEOUT_MS (${values.REQUEST_TIMEOUT_MS})`,
      });
    }
  })
  .superRefine((values, context) => {
    if (values.SMTP_URL !== undefined && values.MAIL_FROM === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'MAIL_FROM is required with SMTP_URL: the address the mail server sends from',
      });
    }
  });

/** Thrown for an invalid environment; the message lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (list.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY "${value}" is not valid; expected true, false, a hop count or a comma-separated list of addresses`,
    );
  }
  return list;
}

interface StoredSecrets {
  sessionSecret: string;
  pinPepper: string;
}

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json
 * (mode 0600), so sessions and PIN hashes survive restarts. Several instances sharing one
 * database must be given the same SESSION_SECRET and PIN_PEPPER.
 */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<StoredSecrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const secrets: StoredSecrets = {
    sessionSecret:
      typeof stored.sessionSecret === 'string' && stored.sessionSecret.length >= 32
        ? stored.sessionSecret
        : randomBytes(32).toString('base64url'),
    pinPepper:
      typeof stored.pinPepper === 'string' && stored.pinPepper.length >= 32
        ? stored.pinPepper
        : randomBytes(32).toString('base64url'),
  };
  if (secrets.sessionSecret !== stored.sessionSecret || secrets.pinPepper !== stored.pinPepper) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets;
}

/** DEMO_ADMIN as a flag; refused in production, where an account with a logged password has no place. */
function demoAdminOf(value: string | undefined, nodeEnv: string | undefined): boolean {
  const requested = demoAdminRequested(value);
  if (requested && nodeEnv === 'production') {
    throw new ConfigError(
      'DEMO_ADMIN is for the demo only and is refused when NODE_ENV is production; create administrators with npm run admin -- user add',
    );
  }
  return requested;
}

function resolveFromRoot(folder: string): string {
  return path.resolve(REPO_ROOT, folder);
}

/** Reads and validates the environment; the only module that touches process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`invalid environment: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const dataDir = resolveFromRoot(values.DATA_DIR);
  const needStored = values.SESSION_SECRET === undefined || values.PIN_PEPPER === undefined;
  const stored = needStored ? loadOrCreateSecrets(dataDir) : undefined;
  const publicOrigin = values.PUBLIC_ORIGIN?.replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    caseDir: resolveFromRoot(values.CASE_DIR),
    databaseUrl: values.DATABASE_URL,
    sessionSecret: values.SESSION_SECRET ?? stored!.sessionSecret,
    pinPepper: values.PIN_PEPPER ?? stored!.pinPepper,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    publicOrigin,
    https: publicOrigin?.startsWith('https:') ?? false,
    webDist: resolveFromRoot(values.WEB_DIST),
    adminDist: resolveFromRoot(values.ADMIN_DIST),
    demoAdmin: demoAdminOf(values.DEMO_ADMIN, values.NODE_ENV),
    cspExtraOrigins: values.CSP_EXTRA_ORIGINS,
    logLevel: values.LOG_LEVEL,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: values.SESSION_ABSOLUTE_HOURS,
    captcha: {
      hCaptchaSecret: values.HCAPTCHA_SECRET,
      hCaptchaSiteKey: values.HCAPTCHA_SITE_KEY,
      hCaptchaSiteverifyUrl: values.HCAPTCHA_SITEVERIFY_URL,
      hCaptchaScriptUrl: values.HCAPTCHA_SCRIPT_URL,
      reCaptchaSecret: values.RECAPTCHA_SECRET,
      reCaptchaSiteKey: values.RECAPTCHA_SITE_KEY,
      reCaptchaSiteverifyUrl: values.RECAPTCHA_SITEVERIFY_URL,
      reCaptchaScriptUrl: values.RECAPTCHA_SCRIPT_URL,
      friction: values.CAPTCHA_FRICTION === 'on',
    },
    payPal: {
      baseUrl: values.PAYPAL_BASE_URL.replace(/\/+$/, ''),
      clientId: values.PAYPAL_CLIENT_ID,
      clientSecret: values.PAYPAL_CLIENT_SECRET,
    },
    antivirus: {
      clamd: values.CLAMD_URL,
      timeoutMs: values.CLAMD_TIMEOUT_MS,
      whenUnavailable: values.ANTIVIRUS_UNAVAILABLE,
    },
    timeouts: {
      requestMs: values.REQUEST_TIMEOUT_MS,
      headersMs: values.HEADERS_TIMEOUT_MS,
      bodyIdleMs: values.BODY_IDLE_TIMEOUT_MS,
      keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerSocket: values.MAX_REQUESTS_PER_SOCKET,
    },
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM ?? { address: 'no-reply@localhost' },
    },
    jobs: { concurrency: values.JOBS_CONCURRENCY },
    documentBucket: documentBucketFrom(values),
    ops: opsConfigFrom(values),
  };
}

/** The script address the browser is told to load for the case's captcha provider, if any. */
export function captchaScriptUrl(
  captcha: ServerConfig['captcha'],
  provider: CaptchaProvider,
): string | undefined {
  if (provider === 'HCaptcha') return captcha.hCaptchaScriptUrl;
  if (provider === 'GoogleReCaptcha') return captcha.reCaptchaScriptUrl;
  return undefined;
}
