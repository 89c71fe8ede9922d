/**
 * The one interface every captcha provider implements (docs/behaviour.md#captcha). The
 * widget is invisible: rendering it shows nothing until a challenge is needed.
 */
export interface CaptchaWidget {
  /** Renders the widget into the container; resolves with its widget id. */
  render(container: HTMLElement): Promise<string>;
  /** Runs the challenge; resolves with the token, rejects with a CaptchaError. */
  execute(widgetId: string): Promise<string>;
  /**
   * Solves a challenge the server handed over (the self-hosted proof of work's stronger check,
   * docs/behaviour.md#lockouts); absent where the provider has none.
   */
  solve?(widgetId: string, challenge: ProofOfWorkChallenge): Promise<string>;
  reset(widgetId: string): void;
  /** Takes the widget out of the page (when its container unmounts). */
  remove(widgetId: string): void;
}

/** A signed proof-of-work challenge, as an authorize answer carries it. */
export interface ProofOfWorkChallenge {
  parameters: Record<string, unknown>;
  signature: string;
}

/** The error codes of the hosted providers, which the self-hosted one maps onto. */
export const CAPTCHA_ERROR_CODES = [
  'missing-captcha',
  'invalid-captcha-id',
  'rate-limited',
  'invalid-data',
  'challenge-closed',
  'challenge-expired',
  'challenge-error',
  'internal-error',
  'network-error',
  'script-error',
] as const;
export type CaptchaErrorCode = (typeof CAPTCHA_ERROR_CODES)[number];

/** What the store does after each error (docs/behaviour.md#captcha). */
export const CAPTCHA_ERROR_ACTIONS: Readonly<
  Record<CaptchaErrorCode, 'rerender' | 'reset' | 'warn'>
> = {
  'missing-captcha': 'rerender',
  'invalid-captcha-id': 'rerender',
  'rate-limited': 'reset',
  'invalid-data': 'reset',
  'challenge-closed': 'reset',
  'challenge-expired': 'reset',
  'challenge-error': 'reset',
  'internal-error': 'reset',
  'network-error': 'warn',
  'script-error': 'warn',
};

export class CaptchaError extends Error {
  readonly code: CaptchaErrorCode;

  constructor(code: CaptchaErrorCode, message = `captcha failed: ${code}`) {
    super(message);
    this.name = 'CaptchaError';
    this.code = code;
  }
}

export function isCaptchaErrorCode(value: unknown): value is CaptchaErrorCode {
  return typeof value === 'string' && (CAPTCHA_ERROR_CODES as readonly string[]).includes(value);
}

/** Any failure as a CaptchaError; unknown failures count as internal errors. */
export function toCaptchaError(error: unknown): CaptchaError {
  if (error instanceof CaptchaError) return error;
  if (isCaptchaErrorCode(error)) return new CaptchaError(error);
  const message = error instanceof Error ? error.message : String(error);
  return new CaptchaError('internal-error', `captcha failed: ${message}`);
}
