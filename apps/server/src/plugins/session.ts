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
  authorizations: Partial<Record<FormType, FormAuthorization>>;
  /** Set by GET /api/culture/set-language. */
  culture: string | null;
  payPal?: PayPalSessionData;
}

export interface Session {
  /** The cookie value; only its hash is stored. */
  readonly id: string;
  data: SessionData;
}

export interface SessionStoreOptions {
  idleMinutes: number;
  now: () => Date;
}

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

function emptyData(): SessionData {
  return { authorizations: {}, culture: null };
}

function parseData(text: string): SessionData {
  const data = JSON.parse(text) as Partial<SessionData>;
  return {
    authorizations: data.authorizations ?? {},
    culture: data.culture ?? null,
    ...(data.payPal === undefined ? {} : { payPal: data.payPal }),
  };
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
    const row = await this.db
      .selectFrom('sessions')
      .select(['data', 'updated_at'])
      .where('id', '=', hashId(id))
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (row === undefined) return null;
    if (now.getTime() - Date.parse(row.updated_at) >= SessionStore.TOUCH_INTERVAL_MS) {
      await this.writeEphemeral((trx) =>
        trx
          .updateTable('sessions')
          .set({ updated_at: now.toISOString(), expires_at: this.expiry(now) })
          .where('id', '=', hashId(id))
          .execute(),
      );
    }
    return { id, data: parseData(row.data) };
  }

  async create(): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const now = this.options.now();
    const data = emptyData();
    await this.writeEphemeral((trx) =>
      trx
        .insertInto('sessions')
        .values({
          id: hashId(id),
          data: JSON.stringify(data),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          expires_at: this.expiry(now),
        })
        .execute(),
    );
    return { id, data };
  }

  /**
   * Writes the session's data; within `trx` when given (so it commits with the caller's other
   * writes, such as a claim's), else as an ephemeral write of its own.
   */
  async save(session: Session, trx?: Kysely<Database>): Promise<void> {
    const now = this.options.now();
    const write = (executor: Kysely<Database>) =>
      executor
        .updateTable('sessions')
        .set({
          data: JSON.stringify(session.data),
          updated_at: now.toISOString(),
          expires_at: this.expiry(now),
        })
        .where('id', '=', hashId(session.id))
        .execute();
    await (trx === undefined ? this.writeEphemeral(write) : write(trx));
  }

  async destroy(session: Session): Promise<void> {
    await this.writeEphemeral((trx) =>
      trx.deleteFrom('sessions').where('id', '=', hashId(session.id)).execute(),
    );
  }

  async purgeExpired(): Promise<void> {
    await this.writeEphemeral((trx) =>
      trx
        .deleteFrom('sessions')
        .where('expires_at', '<=', this.options.now().toISOString())
        .execute(),
    );
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
