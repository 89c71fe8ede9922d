/** The hosted providers' token check over HTTP (hCaptcha and reCAPTCHA share the protocol). */

export type HostedCaptchaProvider = 'HCaptcha' | 'GoogleReCaptcha';

export const DEFAULT_SITEVERIFY_URLS: Readonly<Record<HostedCaptchaProvider, string>> = {
  HCaptcha: 'https://api.hcaptcha.com/siteverify',
  GoogleReCaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

const PROVIDER_LABELS: Readonly<Record<HostedCaptchaProvider, string>> = {
  HCaptcha: 'hCaptcha',
  GoogleReCaptcha: 'reCAPTCHA',
};

export interface SiteverifyRequest {
  provider: HostedCaptchaProvider;
  url: string;
  secret: string;
  siteKey: string;
  token: string;
  remoteIp: string | undefined;
  expectedHostname: string | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
}

export type SiteverifyResult = { ok: true } | { ok: false; reason: string };

/** Fails closed: anything but a well-formed `success: true` answer is a rejection. */
export async function siteverify(request: SiteverifyRequest): Promise<SiteverifyResult> {
  const label = PROVIDER_LABELS[request.provider];
  const body = new URLSearchParams({ secret: request.secret, response: request.token });
  if (request.remoteIp !== undefined && request.remoteIp !== '') {
    body.set('remoteip', request.remoteIp);
  }
  if (request.provider === 'HCaptcha') {
    // hCaptcha then refuses a token that was solved for another site key.
    body.set('sitekey', request.siteKey);
  }

  let answer: unknown;
  try {
    const response = await request.fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `${label} siteverify answered HTTP ${response.status}` };
    }
    const text = await response.text();
    try {
      answer = JSON.parse(text);
    } catch {
      return { ok: false, reason: `${label} siteverify answered with something other than JSON` };
    }
  } catch (error) {
    if (isTimeout(error)) {
      return {
        ok: false,
        reason: `${label} siteverify did not answer within ${request.timeoutMs} ms`,
      };
    }
    return {
      ok: false,
      reason: `${label} siteverify is unreachable: ${describeFetchError(error)}`,
    };
  }

  if (typeof answer !== 'object' || answer === null) {
    return {
      ok: false,
      reason: `${label} siteverify answered with something other than an object`,
    };
  }
  const fields = answer as Record<string, unknown>;
  if (fields.success !== true) {
    const codes = Array.isArray(fields['error-codes'])
      ? fields['error-codes'].filter((code): code is string => typeof code === 'string')
      : [];
    return {
      ok: false,
      reason: `${label} rejected the token (${codes.length > 0 ? codes.join(', ') : 'no error code given'})`,
    };
  }
  if (request.expectedHostname !== undefined) {
    const hostname = typeof fields.hostname === 'string' ? fields.hostname : '';
    if (hostname.toLowerCase() !== request.expectedHostname.toLowerCase()) {
      return {
        ok: false,
        reason: `${label} token was solved on hostname "${hostname}"; expected "${request.expectedHostname}"`,
      };
    }
  }
  return { ok: true };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    const cause: unknown = error.cause;
    if (cause instanceof Error && cause.message !== '') return cause.message;
    return error.message;
  }
  return String(error);
}
