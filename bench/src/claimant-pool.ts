import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { AuthorizeResponse } from '@claims/core/contract/api';
import type { SubmissionPayload } from '@claims/core/contract/submission';
import { encodeSubmissionParts } from '@claims/core/contract/submission-encoding';
import type { ClassMember } from './benchmark-case';
import { buildStandardClaim, type ClaimDocument } from './claim-builder';
import { ClaimantSession } from './claimant-session';
import { encodeMultipart, type MultipartBody } from './multipart-body';

/** A request made ready before the timed run: its own session, CSRF token and captcha. */
export interface PreparedRequest {
  headers: Record<string, string>;
  body: MultipartBody | Buffer;
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex;
      nextIndex += 1;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function credentialsOf(member: ClassMember): Record<string, string> {
  return { noticeId: member.noticeId, pin: member.pin };
}

/** What a claim needs besides the claimant's sign-in: the forms config, the day, the proof. */
export interface ClaimContext {
  configs: readonly RemoteModelConfig[];
  signatureDate: string;
  documents: readonly ClaimDocument[];
}

/**
 * The Standard claim of a claimant `session` signed in with `credentials`, as the browser builds
 * it: the authorize `answer`'s prefill and captcha pass, and a challenge solved again for the
 * submit.
 */
export async function standardClaimAfterSignIn(
  session: ClaimantSession,
  credentials: Record<string, string>,
  answer: AuthorizeResponse,
  context: ClaimContext,
): Promise<SubmissionPayload<ClaimDocument>> {
  return buildStandardClaim({
    ...context,
    prepopulatedData: answer.prepopulatedData ?? {},
    credentials,
    captchaToken: await session.solveCaptcha(),
    captchaPass: answer.captcha,
  });
}

export interface SubmissionPoolOptions extends ClaimContext {
  baseUrl: string;
  members: readonly ClassMember[];
  concurrency: number;
}

/**
 * The address the `index`th claimant of a run files from, as the proxy in front of the server
 * reports it (X-Forwarded-For; the benchmark's servers trust it): one of its own, in a /24 of
 * its own, as claimants on their own phones and networks are. From one address, the claims
 * would be a velocity attack, and each would set the fraud step scoring the earlier ones again.
 */
export function claimantAddress(index: number): string {
  return `10.${Math.floor(index / 250) % 256}.${index % 250}.17`;
}

/**
 * One claimant per member, each through the browser's flow up to the submit: GET /api/csrf,
 * a solved challenge, authorize, a second solved challenge for the submit, and the claim
 * encoded as the multipart body the browser would send.
 */
export async function prepareSubmissions(
  options: SubmissionPoolOptions,
): Promise<PreparedRequest[]> {
  return mapLimit(options.members, options.concurrency, async (member, index) => {
    const session = new ClaimantSession(options.baseUrl, {
      'x-forwarded-for': claimantAddress(index),
    });
    await session.start();
    const credentials = credentialsOf(member);
    const answer = await session.authorize('Standard', credentials, await session.solveCaptcha());
    const payload = await standardClaimAfterSignIn(session, credentials, answer, options);
    const body = encodeMultipart(encodeSubmissionParts(payload));
    return { headers: session.headers({ 'content-type': body.contentType }), body };
  });
}

/**
 * Where the addresses of the sign-in loads start (claimantAddress): apart from the claimants
 * who file, whose claims raise the captcha's work for their addresses
 * (docs/fraud-reason-codes.md#friction).
 */
const AUTHORIZE_ADDRESSES_FROM = 32_000;

/**
 * One claimant per member with a session, a CSRF token and a solved captcha, ready to authorize,
 * each from an address of its own: from one address, the sign-ins in flight at once count
 * against the address's lockout until each is answered (docs/behaviour.md#lockouts), and 64
 * at once can lock it.
 */
export async function prepareAuthorizations(
  baseUrl: string,
  members: readonly ClassMember[],
  concurrency: number,
): Promise<PreparedRequest[]> {
  return mapLimit(members, concurrency, async (member, index) => {
    const session = new ClaimantSession(baseUrl, {
      'x-forwarded-for': claimantAddress(AUTHORIZE_ADDRESSES_FROM + index),
    });
    await session.start();
    const body = session.authorizeRequest(credentialsOf(member), await session.solveCaptcha());
    return {
      headers: session.headers({ 'content-type': 'application/json' }),
      body: Buffer.from(body, 'utf8'),
    };
  });
}

/** Hands out the prepared requests in order, each once; autocannon calls it per request. */
export function takeInOrder(
  pool: readonly PreparedRequest[],
): () => { headers: Record<string, string>; body: Buffer } {
  let index = 0;
  return () => {
    // The run's `amount` never exceeds the pool; wrapping keeps autocannon alive if it did,
    // and the reused claimant's refusal shows up as an error in the figures.
    const prepared = pool[index % pool.length] as PreparedRequest;
    index += 1;
    const body = Buffer.isBuffer(prepared.body)
      ? prepared.body
      : Buffer.concat(prepared.body.segments);
    return { headers: prepared.headers, body };
  };
}
