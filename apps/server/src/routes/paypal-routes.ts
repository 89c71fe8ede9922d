import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PAYPAL_RETURN_PARAMETER,
  PAYPAL_RETURN_VALUE,
} from '@claims/core/contract/payment-election';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PayPalVerificationError } from '../paypal/paypal-client';
import type { PayPalClient } from '../paypal/paypal-client';
import type { PayPalLoginState, PayPalSessionAccessor } from '../paypal/paypal-session';

export const PAYPAL_SETTINGS_PATH = '/api/banking/paypal-settings';
export const PAYPAL_CALLBACK_PATH = '/api/banking/paypal/callback';

/** The payPalSettings of docs/behaviour.md#payment-election. */
export interface PayPalSettings {
  clientId: string | null;
  enabled: boolean;
  /** Log in with PayPal link for this session; null when disabled. */
  loginUrl: string | null;
  /** True when the claimant's last PayPal login in this session could not be verified. */
  invalidPayPalVerification: boolean;
  /** ISO 8601 instant after which loginUrl is refused; fetch the settings again after it. */
  authCodeExpiration: string | null;
}

export interface PayPalRoutesOptions {
  enabled: boolean;
  /** Required when enabled. */
  client?: PayPalClient;
  session: PayPalSessionAccessor;
  /**
   * Page the login window returns to, marked with PAYPAL_RETURN_PARAMETER; the Standard form's
   * payment election (docs/behaviour.md#payment-election).
   */
  returnPath?: string;
  /** How long a login link stays valid; 600 s by default. */
  loginStateTtlSeconds?: number;
  now?: () => Date;
}

export const DISABLED_PAYPAL_SETTINGS: PayPalSettings = {
  clientId: null,
  enabled: false,
  loginUrl: null,
  invalidPayPalVerification: false,
  authCodeExpiration: null,
};

const nullableString = { type: ['string', 'null'] } as const;

const settingsSchema = {
  response: {
    200: {
      type: 'object',
      required: [
        'clientId',
        'enabled',
        'loginUrl',
        'invalidPayPalVerification',
        'authCodeExpiration',
      ],
      properties: {
        clientId: nullableString,
        enabled: { type: 'boolean' },
        loginUrl: nullableString,
        invalidPayPalVerification: { type: 'boolean' },
        authCodeExpiration: nullableString,
      },
    },
  },
} as const;

const callbackSchema = {
  querystring: {
    type: 'object',
    properties: {
      code: { type: 'string', maxLength: 2048 },
      state: { type: 'string', maxLength: 512 },
      error: { type: 'string', maxLength: 256 },
    },
  },
} as const;

interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

const payPalRoutesPlugin: FastifyPluginAsync<PayPalRoutesOptions> = async (app, options) => {
  const { session } = options;
  const client = options.client;
  const returnPath = options.returnPath ?? '/standard/payment-election';
  // Marked, so the page in the login window knows to tell the claim's window and close.
  const returnTarget = `${returnPath}?${PAYPAL_RETURN_PARAMETER}=${PAYPAL_RETURN_VALUE}`;
  const ttlMs = (options.loginStateTtlSeconds ?? 600) * 1000;
  const now = options.now ?? (() => new Date());
  if (options.enabled && client === undefined) {
    throw new Error('PayPal is enabled but no PayPal client was given');
  }
  // The callback redirects here: a configurable absolute URL would be an open redirect.
  if (!returnPath.startsWith('/') || returnPath.startsWith('//')) {
    throw new Error(
      `PayPal returnPath "${returnPath}" must be a path on this site, e.g. /standard/payment-election`,
    );
  }
  if (!Number.isFinite(ttlMs) || ttlMs < 1000) {
    throw new Error('PayPal loginStateTtlSeconds must be at least 1');
  }

  /** Reuses the session's login state while it has at least half its life left. */
  const currentLoginState = async (request: FastifyRequest): Promise<PayPalLoginState> => {
    const time = now().getTime();
    const saved = await session.getLoginState(request);
    if (saved !== null && Date.parse(saved.expiresAt) - time >= ttlMs / 2) return saved;
    const fresh = {
      value: randomBytes(32).toString('base64url'),
      expiresAt: new Date(time + ttlMs).toISOString(),
    };
    await session.setLoginState(request, fresh);
    return fresh;
  };

  app.get(
    PAYPAL_SETTINGS_PATH,
    { schema: settingsSchema },
    async (request, reply): Promise<PayPalSettings> => {
      reply.header('cache-control', 'no-store');
      if (!options.enabled || client === undefined) return DISABLED_PAYPAL_SETTINGS;
      const state = await currentLoginState(request);
      const verification = await session.getVerification(request);
      return {
        clientId: client.clientId,
        enabled: true,
        loginUrl: client.loginUrl(state.value),
        invalidPayPalVerification: verification?.status === 'failed',
        authCodeExpiration: state.expiresAt,
      };
    },
  );

  app.get<{ Querystring: CallbackQuery }>(
    PAYPAL_CALLBACK_PATH,
    { schema: callbackSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!options.enabled || client === undefined) {
        return reply
          .code(404)
          .send({ error: 'PayPal payment election is not enabled for this case' });
      }

      const saved = await session.getLoginState(request);
      if (
        saved === null ||
        request.query.state === undefined ||
        !sameSecret(saved.value, request.query.state)
      ) {
        // Not provably this session's login (a stale tab, or a forged link): it must neither
        // spend the session's state nor overwrite an earlier verified login.
        request.log.warn('PayPal login answer does not match this session; ignored');
        return reply.redirect(returnTarget, 303);
      }
      // A state value is good for one round trip, whatever its outcome.
      await session.setLoginState(request, null);
      const failure = checkCallback(request.query, saved, now());
      if (failure !== null) {
        await recordFailure(request, failure);
        return reply.redirect(returnTarget, 303);
      }
      try {
        const verified = await client.verifyAuthorizationCode(request.query.code ?? '');
        await session.setVerification(request, {
          status: 'verified',
          verifiedAt: now().toISOString(),
          ...verified,
        });
      } catch (error) {
        if (!(error instanceof PayPalVerificationError)) throw error;
        await recordFailure(request, error.message);
      }
      return reply.redirect(returnTarget, 303);
    },
  );

  async function recordFailure(request: FastifyRequest, reason: string): Promise<void> {
    request.log.warn({ reason }, 'PayPal login could not be verified');
    await session.setVerification(request, {
      status: 'failed',
      reason,
      failedAt: now().toISOString(),
    });
  }
};

/** Why a callback carrying this session's state cannot be honoured, or null when it can. */
function checkCallback(query: CallbackQuery, saved: PayPalLoginState, now: Date): string | null {
  if (query.error !== undefined) return `PayPal login was not completed (${query.error})`;
  if (Date.parse(saved.expiresAt) <= now.getTime()) {
    return 'PayPal login took too long; the link has expired';
  }
  if (query.code === undefined || query.code === '') {
    return 'PayPal sent no authorization code';
  }
  return null;
}

/** Constant-time comparison that does not reveal the length either. */
function sameSecret(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * GET /api/banking/paypal-settings and GET /api/banking/paypal/callback (the Log in with
 * PayPal return address).
 */
export const payPalRoutes = fp(payPalRoutesPlugin, { name: 'paypal-routes', fastify: '5.x' });
