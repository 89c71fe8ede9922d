import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../http/request-path';
import { schedulePurge } from '../services/purge-timer';
import { SessionStore, type Session } from '../services/session-store';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /**
     * The session of the request; when there is none, a new one whose cookie is set on the
     * reply. A new session has no row until something is stored in it (SessionStore.save).
     */
    ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session>;
    /** Sets the session's cookie on the reply, e.g. after SessionStore.rotate committed. */
    sendSessionCookie(reply: FastifyReply, session: Session): void;
    /** Ends the request's session and clears its cookie. */
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
export function sessionCookieName(https: boolean, name = 'claims_session'): string {
  return https ? `__Host-${name}` : name;
}

export interface SessionPluginOptions {
  idleMinutes: number;
  /** Hours after its creation that a session ends, however active (docs/behaviour.md#sessions). */
  absoluteHours: number;
  https: boolean;
  /** Signs the cookies of sessions that have no row yet. */
  secret: string;
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
      absoluteHours: options.absoluteHours,
      now: app.now,
      secret: options.secret,
    });
    const sendCookie = (reply: FastifyReply, session: Session) => {
      reply.setCookie(cookieName, session.id, cookieOptions);
    };

    app.decorate('sessions', store);
    app.decorateRequest('session', null);
    app.decorate('sendSessionCookie', sendCookie);
    app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session !== null) return request.session;
      const session = store.mint();
      sendCookie(reply, session);
      request.session = session;
      return session;
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session !== null) await store.destroy(request.session);
      request.session = null;
      reply.clearCookie(cookieName, cookieOptions);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      const id = request.cookies[cookieName];
      if (id === undefined || id === '') return;
      request.session = await store.load(id);
      // A session with no row slides by getting its cookie again with a later time in it.
      if (request.session?.cookieChanged) sendCookie(reply, request.session);
    });

    schedulePurge(app, () => store.purgeExpired(), 'purging expired sessions failed');
  },
  { name: 'session', dependencies: ['database', 'clock', '@fastify/cookie'] },
);
