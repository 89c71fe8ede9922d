import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../../plugins/session';

/**
 * The console's session cookie: its own name, `__Host-` prefixed and Secure over HTTPS,
 * HttpOnly, SameSite=Strict, on path / (the prefix demands it).
 */
export class AdminCookie {
  readonly name: string;
  private readonly options;

  constructor(https: boolean) {
    this.name = sessionCookieName(https, 'claims_admin');
    this.options = { httpOnly: true, sameSite: 'strict', secure: https, path: '/' } as const;
  }

  read(request: FastifyRequest): string | undefined {
    const token = request.cookies[this.name];
    return token === undefined || token === '' ? undefined : token;
  }

  set(reply: FastifyReply, token: string): void {
    reply.setCookie(this.name, token, this.options);
  }
}
