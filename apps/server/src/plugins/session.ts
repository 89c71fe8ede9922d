import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { ScalarValue } from '@claims/core/contract/api';
import type { FormType } from '@claims/core/form-types';
import type { EphemeralWriter } from '../db/database';
import { isApiRequest } from '../http/request-path';
import type { Database } from '../db/schema';
import type { PayPalSessionData } from './paypal';

/** Who a form was authorized as (DESIGN.md, authorization per form type). */
export type AuthorizedIdentity =
  | { kind: 'classMember'; noticeId: string }
  | { kind: 'vehicle'; vin: string }
  | { kind: 'claim'; claimId: string; referenceCode: string };

export interface FormAuthorization {
  identity: AuthorizedIdentity;
  /** The data the form is prefilled with, keyed as the case's field keys (camelCase). */
  prepopulatedData: Record<string, ScalarValue>;
  authorizedAt: string;
  /**
   * SHA-256 of the one-time captcha value the authorize answer issued (SPEC.md section 4);
   * null once spent.
   */
  captchaPassHash: string | null;
}

export interface SessionData {
  readonly authorizations: Readonly<Partial<Record<FormType, Readonly<FormAuthorization>>>>;
  /** Set by GET /api/culture/set-language. */
  readonly culture: string | null;
  readonly payPal: Readonly<PayPalSessionData>;
}

/**
 * The keys a session is stored under, one row each: a request writes only the keys it
 * changed, so two requests of one session changing different things (an authorize of one
 * form and a submit of another, a language switch, the PayPal login) never undo each other.
 */
const CULTURE_KEY = 'culture';
const LOGIN_STATE_KEY = 'payPal.loginState';
const VERIFICATION_KEY = 'payPal.verification';
const AUTHORIZATION_PREFIX = 'authorization.';

/** A change to one key, waiting to be saved. */
interface SessionWrite {
  key: string;
  value: string;
  /** Written only if the stored value is still this one (compare and set). */
  ifStillStored?: string;
}

function parseData(rows: ReadonlyMap<string, string>): SessionData {
  const read = <T>(key: string, fallback: T): T => {
    const text = rows.get(key);
    return text === undefined ? fallback : (JSON.parse(text) as T);
  };
  const authorizations: Partial<Record<FormType, FormAuthorization>> = {};
  for (const [key, text] of rows) {
    if (key.startsWith(AUTHORIZATION_PREFIX)) {
      const formType = key.slice(AUTHORIZATION_PREFIX.length) as FormType;
      authorizations[formType] = JSON.parse(text) as FormAuthorization;
    }
  }
  return {
    authorizations,
    culture: read<string | null>(CULTURE_KEY, null),
    payPal: {
      loginState: read<PayPalSessionData['loginState']>(LOGIN_STATE_KEY, null),
      verification: read<PayPalSessionData['verification']>(VERIFICATION_KEY, null),
    },
  };
}

/**
 * A claimant's session as one request sees it. Changes go through the methods below, which
 * note the keys they touch; SessionStore.save writes those keys and no others.
 */
export class Session {
  private current: SessionData;
  private readonly writes = new Map<string, SessionWrite>();

  constructor(
    /** The cookie value; only its hash is stored. */
    readonly id: string,
    /** The stored text of each key, as loaded. */
    private readonly stored: ReadonlyMap<string, string> = new Map(),
  ) {
    this.current = parseData(stored);
  }

  get data(): SessionData {
    return this.current;
  }

  setCulture(culture: string | null): void {
    this.current = { ...this.current, culture };
    this.write(CULTURE_KEY, culture);
  }

  setAuthorization(formType: FormType, authorization: FormAuthorization): void {
    this.current = {
      ...this.current,
      authorizations: { ...this.current.authorizations, [formType]: authorization },
    };
    this.write(AUTHORIZATION_PREFIX + formType, authorization);
  }

  /**
   * Forgets the form's one-time captcha pass. Saved only if the form's authorization is still
   * the one this request loaded: a new authorization meanwhile came with a pass of its own.
   */
  clearCaptchaPass(formType: FormType): void {
    const authorization = this.current.authorizations[formType];
    if (authorization === undefined) return;
    const key = AUTHORIZATION_PREFIX + formType;
    const loaded = this.stored.get(key);
    this.setAuthorization(formType, { ...authorization, captchaPassHash: null });
    const write = this.writes.get(key);
    if (write !== undefined && loaded !== undefined) write.ifStillStored = loaded;
  }

  setPayPal(change: Partial<PayPalSessionData>): void {
    this.current = { ...this.current, payPal: { ...this.current.payPal, ...change } };
    if (change.loginState !== undefined) this.write(LOGIN_STATE_KEY, change.loginState);
    if (change.verification !== undefined) this.write(VERIFICATION_KEY, change.verification);
  }

  /** The changes to save; kept after a save, since saving them again changes nothing. */
  changes(): SessionWrite[] {
    return [...this.writes.values()];
  }

  private write(key: string, value: unknown): void {
    this.writes.set(key, { key, value: JSON.stringify(value) });
  }
}

export interface SessionStoreOptions {
  idleMinutes: number;
  now: () => Date;
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * Sessions live in the database, so every server instance sharing it sees the same ones.
 * Expiry slides: each request pushes it idleMinutes further (DESIGN.md: the client's
 * minSessionDuration of 30 is minutes). Writes go through the ephemeral writer: a power loss
 * may forget the last moments of session changes, which costs a claimant a new authorize at
 * worst; a claim's own change to its session is written in the claim's transaction instead.
 */
export class SessionStore {
  /** Touch the expiry at most this often, so reads do not each cost a write. */
  private static readonly TOUCH_INTERVAL_MS = 30_000;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly writeEphemeral: EphemeralWriter,
    private readonly options: SessionStoreOptions,
  ) {}

  private expiry(from: Date): string {
    return new Date(from.getTime() + this.options.idleMinutes * 60_000).toISOString();
  }

  /** The live session with this id, its expiry pushed forward; null when unknown or expired. */
  async load(id: string): Promise<Session | null> {
    const now = this.options.now();
    const hashed = hashId(id);
    const rows = await this.db
      .selectFrom('sessions')
      .leftJoin('session_values', 'session_values.session_id', 'sessions.id')
      .select(['sessions.updated_at', 'session_values.key', 'session_values.value'])
      .where('sessions.id', '=', hashed)
      .where('sessions.expires_at', '>', now.toISOString())
      .execute();
    const first = rows[0];
    if (first === undefined) return null;
    if (now.getTime() - Date.parse(first.updated_at) >= SessionStore.TOUCH_INTERVAL_MS) {
      await this.writeEphemeral((trx) =>
        trx
          .updateTable('sessions')
          .set({ updated_at: now.toISOString(), expires_at: this.expiry(now) })
          .where('id', '=', hashed)
          .execute(),
      );
    }
    const stored = new Map<string, string>();
    for (const row of rows) {
      if (row.key !== null && row.value !== null) stored.set(row.key, row.value);
    }
    return new Session(id, stored);
  }

  async create(): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const now = this.options.now();
    await this.writeEphemeral((trx) =>
      trx
        .insertInto('sessions')
        .values({
          id: hashId(id),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          expires_at: this.expiry(now),
        })
        .execute(),
    );
    return new Session(id);
  }

  /**
   * Writes the keys the session's changes touched, each on its own, and pushes its expiry
   * forward; within `trx` when given (so it commits with the caller's other writes, such as a
   * claim's), else as an ephemeral write of its own.
   */
  async save(session: Session, trx?: Kysely<Database>): Promise<void> {
    const now = this.options.now();
    const sessionId = hashId(session.id);
    const write = async (executor: Kysely<Database>) => {
      for (const change of session.changes()) {
        if (change.ifStillStored === undefined) {
          await executor
            .insertInto('session_values')
            .values({ session_id: sessionId, key: change.key, value: change.value })
            .onConflict((conflict) =>
              conflict
                .columns(['session_id', 'key'])
                .doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
            )
            .execute();
        } else {
          await executor
            .updateTable('session_values')
            .set({ value: change.value })
            .where('session_id', '=', sessionId)
            .where('key', '=', change.key)
            .where('value', '=', change.ifStillStored)
            .execute();
        }
      }
      await executor
        .updateTable('sessions')
        .set({ updated_at: now.toISOString(), expires_at: this.expiry(now) })
        .where('id', '=', sessionId)
        .execute();
    };
    await (trx === undefined ? this.writeEphemeral(write) : write(trx));
  }

  async destroy(session: Session): Promise<void> {
    const sessionId = hashId(session.id);
    await this.writeEphemeral(async (trx) => {
      await trx.deleteFrom('session_values').where('session_id', '=', sessionId).execute();
      await trx.deleteFrom('sessions').where('id', '=', sessionId).execute();
    });
  }

  /** Removes expired sessions, and the values of sessions gone (a write that lost a race with a log-out). */
  async purgeExpired(): Promise<void> {
    await this.writeEphemeral(async (trx) => {
      await trx
        .deleteFrom('sessions')
        .where('expires_at', '<=', this.options.now().toISOString())
        .execute();
      await trx
        .deleteFrom('session_values')
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('sessions')
                .select('sessions.id')
                .whereRef('sessions.id', '=', 'session_values.session_id'),
            ),
          ),
        )
        .execute();
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** The session of the request, created (and its cookie set) when there is none. */
    ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session>;
    /** Deletes the request's session and clears its cookie. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Loaded for /api/* requests from the session cookie; null when there is none. */
    session: Session | null;
  }
}

/**
 * Over HTTPS the __Host- prefix makes browsers refuse the cookie unless it is Secure,
 * host-only and on path /, so a sibling subdomain cannot plant a session (fixation).
 */
export function sessionCookieName(https: boolean): string {
  return https ? '__Host-claims_session' : 'claims_session';
}

export interface SessionPluginOptions {
  idleMinutes: number;
  https: boolean;
}

export default fp<SessionPluginOptions>(
  async (app, options) => {
    const cookieName = sessionCookieName(options.https);
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.https,
      path: '/',
    } as const;
    const store = new SessionStore(app.db, app.writeEphemeral, {
      idleMinutes: options.idleMinutes,
      now: app.now,
    });

    app.decorate('sessions', store);
    app.decorateRequest('session', null);
    app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session !== null) return request.session;
      const session = await store.create();
      reply.setCookie(cookieName, session.id, cookieOptions);
      request.session = session;
      return session;
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session !== null) await store.destroy(request.session);
      request.session = null;
      reply.clearCookie(cookieName, cookieOptions);
    });

    app.addHook('onRequest', async (request) => {
      if (!isApiRequest(request)) return;
      const id = request.cookies[cookieName];
      if (id !== undefined && id !== '') request.session = await store.load(id);
    });

    const purge = setInterval(() => {
      store.purgeExpired().catch((error: unknown) => {
        app.log.warn({ err: error }, 'purging expired sessions failed');
      });
    }, 10 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'session', dependencies: ['database', 'clock', '@fastify/cookie'] },
);
