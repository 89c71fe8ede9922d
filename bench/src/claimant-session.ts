import type { Challenge } from 'altcha-lib';
import {
  API_PATHS,
  authorizePath,
  authorizeResponseSchema,
  csrfResponseSchema,
  submitPath,
  submitResponseSchema,
  type AuthorizeResponse,
  type ScalarValue,
  type SubmitResponse,
} from '@claims/core/contract/api';
import type { FormType, SubmittableFormType } from '@claims/core/form-types';
import { solveAltcha } from '../../apps/server/test-fakes/altcha-solver';
import type { MultipartBody } from './multipart-body';

/** The self-hosted captcha's challenge route (apps/server/src/routes/altcha-routes.ts). */
export const ALTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

/** Thrown when the server answers a call of the claimant flow with something unexpected. */
export class FlowError extends Error {
  override name = 'FlowError';
}

async function readJson(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) {
    throw new FlowError(`${what} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new FlowError(
      `${what} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
}

/**
 * One claimant's browser, reduced to what the API sees: the session cookie the server sets,
 * the CSRF token of that session, and the captcha the widget solves (with the same solver
 * the server's tests use, so the proof of work is done for real).
 */
export class ClaimantSession {
  cookie = '';
  csrfHeader = '';
  csrfToken = '';

  /** `headers` go with every call: an X-Forwarded-For a simulation gives each claimant. */
  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** Headers of an unsafe call of this session, the claimant's own (its address) included. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...this.extraHeaders,
      cookie: this.cookie,
      [this.csrfHeader]: this.csrfToken,
      ...extra,
    };
  }

  private keepCookies(response: Response): void {
    const set = response.headers.getSetCookie();
    if (set.length === 0) return;
    const jar = new Map(
      this.cookie === ''
        ? []
        : this.cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]),
    );
    for (const header of set) {
      const [pair] = header.split(';', 1);
      const index = pair?.indexOf('=') ?? -1;
      if (pair === undefined || index < 1) continue;
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    this.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      ...init,
      headers: {
        ...this.extraHeaders,
        cookie: this.cookie,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    this.keepCookies(response);
    return response;
  }

  /** GET /api/csrf: starts the session and keeps its token. */
  async start(): Promise<void> {
    const body = csrfResponseSchema.parse(
      await readJson(await this.call(API_PATHS.csrf), 'GET /api/csrf'),
    );
    if (this.cookie === '') throw new FlowError('GET /api/csrf set no session cookie');
    this.csrfHeader = body.requestHeaderName;
    this.csrfToken = body.requestToken;
  }

  /** Fetches a challenge and solves it, as the invisible widget does before each call. */
  async solveCaptcha(): Promise<string> {
    const challenge = (await readJson(
      await this.call(ALTCHA_CHALLENGE_PATH),
      `GET ${ALTCHA_CHALLENGE_PATH}`,
    )) as Challenge;
    return solveAltcha(challenge);
  }

  /** The authorize request exactly as the browser sends it (JSON, CSRF header). */
  authorizeRequest(credentials: Record<string, ScalarValue>, captchaToken: string): string {
    return JSON.stringify({ credentials, reCaptchaResponse: captchaToken });
  }

  async authorize(
    formType: FormType,
    credentials: Record<string, ScalarValue>,
    captchaToken: string,
  ): Promise<AuthorizeResponse> {
    const response = await this.call(authorizePath(formType), {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: this.authorizeRequest(credentials, captchaToken),
    });
    const answer = authorizeResponseSchema.parse(
      await readJson(response, `POST ${authorizePath(formType)}`),
    );
    if (!answer.authorized) {
      throw new FlowError(
        `POST ${authorizePath(formType)} refused the credentials: ${answer.error ?? 'no reason given'}`,
      );
    }
    return answer;
  }

  async getJson(path: string): Promise<unknown> {
    return readJson(await this.call(path), `GET ${path}`);
  }

  async submit(formType: SubmittableFormType, body: MultipartBody): Promise<SubmitResponse> {
    const response = await this.call(submitPath(formType), {
      method: 'POST',
      headers: this.headers({ 'content-type': body.contentType }),
      body: Buffer.concat(body.segments),
    });
    return submitResponseSchema.parse(await readJson(response, `POST ${submitPath(formType)}`));
  }
}
