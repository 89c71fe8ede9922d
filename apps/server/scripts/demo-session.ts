/**
 * A scripted claimant session against a running server on the demo case: CSRF token,
 * captcha (the self-hosted proof of work, solved here as the widget would), authorize with a
 * Notice ID and PIN from the demo class list, then a Standard claim with a PDF attached.
 * Prints each step and ends with the claim's reference code.
 *
 *   npm run demo-session --workspace @claims/server -- [--url http://127.0.0.1:3000]
 *                                                      [--notice-id NW...] [--pin ......]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { Challenge } from 'altcha-lib';
import { solveAltcha } from '../test-fakes/altcha-solver';
import { parseCsv } from '../src/case/csv';
import { REPO_ROOT } from '../src/config';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
} from '../src/test/claims';

const DEMO_CASE = path.join(REPO_ROOT, 'cases', 'demo');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    'notice-id': { type: 'string' },
    pin: { type: 'string' },
  },
});

/** The cookies the server set, by name, sent back as a browser would. */
const cookies = new Map<string, string>();
let cookie = '';

function keepCookies(setCookies: readonly string[]): void {
  for (const setCookie of setCookies) {
    const pair = setCookie.split(';')[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    if (name !== '') cookies.set(name, pair);
  }
  cookie = [...cookies.values()].join('; ');
}
let csrf: { requestHeaderName: string; requestToken: string } | undefined;

async function call<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (cookie !== '') headers.set('cookie', cookie);
  if (init.method === 'POST' && csrf !== undefined) {
    headers.set(csrf.requestHeaderName, csrf.requestToken);
  }
  const response = await fetch(new URL(pathname, args.url), { ...init, headers });
  keepCookies(response.headers.getSetCookie());
  const body = (await response.json()) as T;
  if (!response.ok) {
    throw new Error(
      `${init.method ?? 'GET'} ${pathname} answered ${response.status}: ${JSON.stringify(body)}`,
    );
  }
  return body;
}

function step(text: string): void {
  console.log(`→ ${text}`);
}

async function main(): Promise<void> {
  const classList = parseCsv(await readFile(path.join(DEMO_CASE, 'class-list.csv'), 'utf8'));
  const member = classList.rows[0]?.values ?? {};
  const noticeId = args['notice-id'] ?? member.NoticeId ?? '';
  const pin = args.pin ?? member.Pin ?? '';

  const token = await call<{ requestHeaderName: string; requestToken: string }>('/api/csrf');
  csrf = token;
  step(`GET /api/csrf: header ${token.requestHeaderName}, a session cookie`);

  const captcha = await call<{ provider: string; challengeUrl?: string }>('/api/captcha');
  if (captcha.provider !== 'Altcha' || captcha.challengeUrl === undefined) {
    throw new Error(
      `this script solves the self-hosted captcha only; the case uses ${captcha.provider}`,
    );
  }
  const solve = async () => solveAltcha(await call<Challenge>(captcha.challengeUrl as string));
  step(`GET /api/captcha: ${captcha.provider}, challenges from ${captcha.challengeUrl}`);

  const authorized = await call<{
    authorized: boolean;
    captcha: string;
    prepopulatedData: Record<string, string>;
  }>('/api/forms/standard/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { noticeId, pin }, reCaptchaResponse: await solve() }),
  });
  const data = authorized.prepopulatedData;
  step(`POST /api/forms/standard/authorize as ${noticeId}: ${data.FirstName} ${data.LastName}`);

  const configs = await call<RemoteModelConfig[]>('/api/forms/config');
  const today = await call<{ date: string }>('/api/signature-date?culture=en');
  const pdf = await readFile(path.join(DEMO_CASE, 'documents', 'long-form-notice.pdf'));
  const { textParts, contextClientIds } = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await solve(),
    captchaRawValue: authorized.captcha,
    claimantInfo: {
      ...validClaimantInfo(),
      firstName: data.FirstName,
      lastName: data.LastName,
    },
    claimDetails: validStandardClaimDetails(data.Vin ?? ''),
    claimTransactions: [validClaimTransaction()],
    signature: {
      ...validSignature(),
      signatureFullName: `${data.FirstName} ${data.LastName}`,
      signatureDate: today.date,
    },
    documents: [{ name: 'repair-invoice.pdf', bytes: pdf, type: 'application/pdf' }],
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(textParts)) form.append(name, value);
  form.append('documents', new Blob([pdf], { type: 'application/pdf' }), contextClientIds[0]);
  const submitted = await call<{ referenceCodeForm: string }>('/api/forms/standard', {
    method: 'POST',
    body: form,
  });
  step(`POST /api/forms/standard with repair-invoice.pdf (${pdf.byteLength} bytes)`);
  console.log(`Reference code: ${submitted.referenceCodeForm}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
