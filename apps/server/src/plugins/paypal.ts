import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { createPayPalClient } from '../paypal/paypal-client';
import { PAYPAL_CALLBACK_PATH, PAYPAL_SETTINGS_PATH, payPalRoutes } from '../routes/paypal-routes';
import type { PayPalSessionAccessor, PayPalSessionData } from '../paypal/paypal-session';

export interface PayPalPluginOptions {
  config: ServerConfig;
  fetch?: typeof fetch | undefined;
}

/** Reads and writes the PayPal part of the request's database session. */
export function payPalSessionAccessor(): PayPalSessionAccessor {
  const update = async (request: FastifyRequest, change: Partial<PayPalSessionData>) => {
    const session = request.session;
    // The routes below start a session first; without one there is nothing to remember.
    if (session === null) return;
    session.setPayPal(change);
    await request.server.sessions.save(session);
  };
  return {
    getLoginState: async (request) => request.session?.data.payPal.loginState ?? null,
    setLoginState: (request, loginState) => update(request, { loginState }),
    getVerification: async (request) => request.session?.data.payPal.verification ?? null,
    setVerification: (request, verification) => update(request, { verification }),
  };
}

/**
 * GET /api/banking/paypal-settings and the Log in with PayPal callback
 * (docs/behaviour.md#payment-election: PayPal payment election, against PayPal's endpoints at a
 * configurable base URL). The case turns it on; the client secret only ever comes from the
 * environment.
 */
const payPalPlugin: FastifyPluginAsync<PayPalPluginOptions> = async (app, options) => {
  const { config } = options;
  const settings = app.claimsCase.definition.payment.payPal;
  const clientId = settings.clientId ?? config.payPal.clientId;
  let client;
  if (settings.enabled) {
    if (clientId === undefined || config.payPal.clientSecret === undefined) {
      throw new Error(
        'PayPal is enabled in the case but PAYPAL_CLIENT_ID (or payment.payPal.clientId) and PAYPAL_CLIENT_SECRET are not both set',
      );
    }
    if (config.publicOrigin === undefined) {
      throw new Error(
        'PayPal is enabled in the case but PUBLIC_ORIGIN is not set; PayPal needs the absolute address of the login callback',
      );
    }
    client = createPayPalClient({
      baseUrl: settings.baseUrl ?? config.payPal.baseUrl,
      clientId,
      clientSecret: config.payPal.clientSecret,
      returnUrl: `${config.publicOrigin}${PAYPAL_CALLBACK_PATH}`,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
  }
  // The login state lives in the session, so these calls start one when there is none.
  app.addHook('preHandler', async (request, reply) => {
    const path = request.routeOptions.url;
    if (path === PAYPAL_SETTINGS_PATH || path === PAYPAL_CALLBACK_PATH) {
      await app.ensureSession(request, reply);
    }
  });
  await app.register(payPalRoutes, {
    enabled: settings.enabled,
    ...(client === undefined ? {} : { client }),
    session: payPalSessionAccessor(),
    now: app.now,
  });
};

export default payPalPlugin;
