import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { assertAltchaOptions, createAltchaChallenge } from '../captcha/altcha';
import type { AltchaOptions } from '../captcha/altcha';

export const ALTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

export interface AltchaRoutesOptions {
  altcha: AltchaOptions;
  /**
   * The proof-of-work bound for a client address (captcha/risk-friction.ts); the ordinary
   * bound when absent.
   */
  maxNumberFor?: (ip: string) => Promise<number>;
}

const challengeSchema = {
  type: 'object',
  required: ['parameters', 'signature'],
  properties: {
    // Every parameter is covered by the signature, so none may be dropped on the way out.
    parameters: { type: 'object', additionalProperties: true },
    signature: { type: 'string' },
  },
} as const;

const altchaRoutesPlugin: FastifyPluginAsync<AltchaRoutesOptions> = async (app, options) => {
  assertAltchaOptions(options.altcha);
  app.get(
    ALTCHA_CHALLENGE_PATH,
    { schema: { response: { 200: challengeSchema } } },
    async (request, reply) => {
      // Each challenge is single use; a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      const maxNumber = await options.maxNumberFor?.(request.ip);
      return createAltchaChallenge(options.altcha, new Date(), maxNumber);
    },
  );
};

/**
 * GET /api/captcha/challenge: a fresh signed challenge for the altcha widget, harder for an
 * address whose claims come fast.
 */
export const altchaRoutes = fp(altchaRoutesPlugin, { name: 'altcha-routes', fastify: '5.x' });
