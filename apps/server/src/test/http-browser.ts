import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { authorizePath } from '@claims/core/contract/api';
import type { FormType } from '@claims/core/form-types';
import type { Challenge } from 'altcha-lib';
import { solveAltcha } from '../../test-fakes/altcha-solver';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
  type DocumentSpec,
} from './claims';

/**
 * A browser talking to a listening server over a real socket with Node's own fetch: it keeps
 * the session cookie, and sends the CSRF token on every POST once start() has fetched it.
 */
export class HttpBrowser {
  private cookie = '';
  private token = '';
  /** The Set-Cookie headers of the last answer. */
  setCookies: string[] = [];

  constructor(private readonly origin: string) {}

  async call(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie !== '') headers.set('cookie', this.cookie);
    if (init.method === 'POST' && !headers.has('x-csrf-token')) {
      headers.set('x-csrf-token', this.token);
    }
    const response = await fetch(this.origin + pathname, { ...init, headers });
    this.setCookies = response.headers.getSetCookie();
    // Every cookie set is kept, a later value replacing an earlier one of the same name.
    const jar = new Map(
      this.cookie === '' ? [] : this.cookie.split('; ').map((pair) => [pair.split('=')[0], pair]),
    );
    for (const line of this.setCookies) {
      const pair = line.split(';')[0] as string;
      jar.set(pair.split('=')[0], pair);
    }
    this.cookie = [...jar.values()].join('; ');
    return response;
  }

  /** The same browser (its cookie and CSRF token) talking to another instance. */
  at(origin: string): HttpBrowser {
    const other = new HttpBrowser(origin);
    other.cookie = this.cookie;
    other.token = this.token;
    return other;
  }

  /** A browser on `origin` signed in to the Standard form as `member` of the demo class list. */
  static async authorizedAs(origin: string, member: Record<string, string>): Promise<HttpBrowser> {
    const browser = new HttpBrowser(origin);
    await browser.start();
    const answer = await browser.authorize('Standard', {
      noticeId: member.NoticeId!,
      pin: member.Pin!,
    });
    if (answer.status !== 200) throw new Error(`authorize answered ${answer.status}`);
    return browser;
  }

  async start(): Promise<void> {
    this.token = (
      (await (await this.call('/api/csrf')).json()) as { requestToken: string }
    ).requestToken;
  }

  async captcha(): Promise<string> {
    return solveAltcha((await (await this.call('/api/captcha/challenge')).json()) as Challenge);
  }

  async authorize(formType: FormType, credentials: Record<string, string | null>) {
    return this.call(authorizePath(formType), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials, reCaptchaResponse: await this.captcha() }),
    });
  }

  /** A valid Standard claim for the vehicle, with these documents, as multipart by fetch. */
  async submitStandard(
    vin: string,
    documents: (DocumentSpec & { bytes: Uint8Array })[],
  ): Promise<Response> {
    const configs = (await (await this.call('/api/forms/config')).json()) as RemoteModelConfig[];
    const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
      reCaptchaResponse: await this.captcha(),
      claimantInfo: validClaimantInfo(),
      claimDetails: validStandardClaimDetails(vin),
      signature: validSignature(),
      claimTransactions: [validClaimTransaction()],
      documents,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(textParts)) form.append(name, value);
    documents.forEach((document, index) => {
      form.append(
        'documents',
        new Blob([document.bytes], { type: document.type }),
        contextClientIds[index],
      );
    });
    return this.call('/api/forms/standard', { method: 'POST', body: form });
  }
}
