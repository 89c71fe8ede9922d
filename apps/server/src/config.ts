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
  /** Origins the CSP also allows for scripts, frames and connections (fake providers in tests). */
  cspExtraOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Idle minutes before a session expires; the browser's session timer uses the same value. */
  sessionIdleMinutes: number;
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
  };
  payPal: {
    baseUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
  };
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

const sessionMinutesMessage = `SESSION_IDLE_MINUTES must be a number of minutes above 0 and at most ${MAX_SESSION_MINUTES}, such as 30 or 0.5`;

const envSchema = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  PAYPAL_BASE_URL: url('PAYPAL_BASE_URL').default('https://api-m.paypal.com'),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
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
    cspExtraOrigins: values.CSP_EXTRA_ORIGINS,
    logLevel: values.LOG_LEVEL,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    captcha: {
      hCaptchaSecret: values.HCAPTCHA_SECRET,
      hCaptchaSiteKey: values.HCAPTCHA_SITE_KEY,
      hCaptchaSiteverifyUrl: values.HCAPTCHA_SITEVERIFY_URL,
      hCaptchaScriptUrl: values.HCAPTCHA_SCRIPT_URL,
      reCaptchaSecret: values.RECAPTCHA_SECRET,
      reCaptchaSiteKey: values.RECAPTCHA_SITE_KEY,
      reCaptchaSiteverifyUrl: values.RECAPTCHA_SITEVERIFY_URL,
      reCaptchaScriptUrl: values.RECAPTCHA_SCRIPT_URL,
    },
    payPal: {
      baseUrl: values.PAYPAL_BASE_URL.replace(/\/+$/, ''),
      clientId: values.PAYPAL_CLIENT_ID,
      clientSecret: values.PAYPAL_CLIENT_SECRET,
    },
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
