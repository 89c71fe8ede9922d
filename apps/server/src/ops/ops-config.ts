import { z } from 'zod';

/** The requests limited per client address, each with its own count (ops/rate-limits.ts). */
export const RATE_LIMITED = ['authorize', 'status', 'captcha', 'session'] as const;
export type RateLimited = (typeof RATE_LIMITED)[number];

export interface RateLimitSettings {
  /** The window each count runs over. */
  windowSeconds: number;
  /** Requests per address and window; 0 leaves that kind of request unlimited. */
  max: Record<RateLimited, number>;
}

/** What running several instances in production needs beyond the application itself. */
export interface OpsConfig {
  /** Shared rate-limit counts; absent means each instance counts in its own memory. */
  redisUrl: string | undefined;
  /** Starts every key the server writes in Redis, so several sites can share one Redis. */
  redisKeyPrefix: string;
  rateLimits: RateLimitSettings;
  /** The bearer token GET /metrics asks for; absent means no metrics are served. */
  metricsToken: string | undefined;
  /** How long a stopping server waits for requests and jobs in flight before it gives up. */
  shutdownTimeoutMs: number;
}

/** Per address and minute: room for a household or an office behind one address. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimited, number>> = {
  authorize: 30,
  status: 30,
  captcha: 60,
  session: 120,
};

const blankToUndefined = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A whole number from `min` to `max`, with a default. */
const wholeNumber = (name: string, min: number, max: number, defaultValue: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}, such as ${defaultValue}`;
  return blankToUndefined
    .pipe(
      z
        .string()
        .regex(/^\d+$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message))
        .optional(),
    )
    .transform((value) => value ?? defaultValue);
};

/** The environment variables of OpsConfig, merged into the configuration's schema. */
export const opsEnvShape = {
  REDIS_URL: blankToUndefined.pipe(
    z
      .string()
      .refine(
        (value) => URL.canParse(value) && /^rediss?:$/.test(new URL(value).protocol),
        'REDIS_URL must be redis://[user:password@]host[:port][/db] or rediss://…',
      )
      .optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits, _ : . or -')
    .default('claims:'),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumber('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 60),
  RATE_LIMIT_AUTHORIZE: wholeNumber(
    'RATE_LIMIT_AUTHORIZE',
    0,
    1_000_000,
    DEFAULT_RATE_LIMITS.authorize,
  ),
  RATE_LIMIT_STATUS: wholeNumber('RATE_LIMIT_STATUS', 0, 1_000_000, DEFAULT_RATE_LIMITS.status),
  RATE_LIMIT_CAPTCHA: wholeNumber('RATE_LIMIT_CAPTCHA', 0, 1_000_000, DEFAULT_RATE_LIMITS.captcha),
  RATE_LIMIT_SESSION: wholeNumber('RATE_LIMIT_SESSION', 0, 1_000_000, DEFAULT_RATE_LIMITS.session),
  METRICS_TOKEN: blankToUndefined.pipe(
    z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  ),
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 1000, 600_000, 30_000),
};

type OpsEnv = z.output<z.ZodObject<typeof opsEnvShape>>;

export function opsConfigFrom(values: OpsEnv): OpsConfig {
  return {
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    rateLimits: {
      windowSeconds: values.RATE_LIMIT_WINDOW_SECONDS,
      max: {
        authorize: values.RATE_LIMIT_AUTHORIZE,
        status: values.RATE_LIMIT_STATUS,
        captcha: values.RATE_LIMIT_CAPTCHA,
        session: values.RATE_LIMIT_SESSION,
      },
    },
    metricsToken: values.METRICS_TOKEN,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
  };
}
