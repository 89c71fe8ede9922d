import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import { DEFAULT_FRAUD_SETTINGS } from '@claims/core/fraud/config';
import { altchaRoutes } from '../routes/altcha-routes';
import { addressVelocity, frictionMaxNumber } from '../captcha/risk-friction';
import type { AltchaOptions } from '../captcha/altcha';
import { createCaptchaVerifier, type CaptchaVerifier } from '../captcha/captcha-verifier';
import type { ServerConfig } from '../config';
import { schedulePurge } from '../services/purge-timer';
import { UsedCaptchaTokens } from '../services/used-captcha-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaVerifier;
    /** Spent captcha tokens and one-time captcha passes, shared by every instance. */
    usedCaptchaTokens: UsedCaptchaTokens;
  }
}

export interface CaptchaPluginOptions {
  config: ServerConfig;
  /** Tests lower the proof-of-work bound so they can solve challenges quickly. */
  altchaMaxNumber?: number | undefined;
  /** Tests point the hosted providers at a fake. */
  fetch?: typeof fetch | undefined;
}

/** How long a proof-of-work challenge may be solved and used. */
const ALTCHA_EXPIRES_IN_SECONDS = 10 * 60;

/**
 * The case's captcha provider (docs/architecture.md#captcha): the verifier every authorize and
 * submit calls, the store of spent tokens, and for the self-hosted provider its challenge route.
 */
export default fp<CaptchaPluginOptions>(
  async (app, options) => {
    const { config } = options;
    const settings = app.claimsCase.definition.captcha;
    // Token expiry follows the providers' real clocks, not the app's (which tests move).
    const usedTokens = new UsedCaptchaTokens(app.db, app.writeEphemeral, () => new Date());
    const altcha: AltchaOptions = {
      // Derived from the session secret, so every instance sharing it signs alike.
      hmacKey: createHmac('sha256', config.sessionSecret).update('altcha-hmac').digest('base64url'),
      maxNumber: options.altchaMaxNumber ?? settings.maxNumber,
      expiresInSeconds: ALTCHA_EXPIRES_IN_SECONDS,
    };
    // Friction that rises with risk (docs/fraud-reason-codes.md#friction): asked for by the
    // challenge route and required again by authorize.
    const fraud = () => app.claimsCase.definition.fraud ?? DEFAULT_FRAUD_SETTINGS;
    const frictionBound = async (ip: string) =>
      frictionMaxNumber(
        await addressVelocity(app.db, ip, fraud(), app.now()),
        altcha.maxNumber,
        fraud(),
      );
    const hosted =
      settings.provider === 'HCaptcha'
        ? {
            siteKey: settings.siteKey ?? config.captcha.hCaptchaSiteKey,
            secret: config.captcha.hCaptchaSecret,
            verifyUrl: config.captcha.hCaptchaSiteverifyUrl,
            env: 'HCAPTCHA',
          }
        : {
            siteKey: settings.siteKey ?? config.captcha.reCaptchaSiteKey,
            secret: config.captcha.reCaptchaSecret,
            verifyUrl: config.captcha.reCaptchaSiteverifyUrl,
            env: 'RECAPTCHA',
          };
    if (settings.provider !== 'Altcha') {
      if (hosted.siteKey === undefined || hosted.secret === undefined) {
        throw new Error(
          `captcha provider ${settings.provider} needs ${hosted.env}_SECRET and a site key (captcha.siteKey in the case, or ${hosted.env}_SITE_KEY)`,
        );
      }
    }
    const verifier =
      settings.provider === 'Altcha'
        ? createCaptchaVerifier(
            {
              provider: 'Altcha',
              siteKey: '',
              secret: '',
              altcha,
              ...(config.captcha.friction ? { boundFor: frictionBound } : {}),
            },
            usedTokens,
          )
        : createCaptchaVerifier(
            {
              provider: settings.provider,
              siteKey: hosted.siteKey ?? '',
              secret: hosted.secret ?? '',
              verifyUrl: hosted.verifyUrl,
              ...(config.publicOrigin === undefined
                ? {}
                : { expectedHostname: new URL(config.publicOrigin).hostname }),
              ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
            },
            usedTokens,
          );
    app.decorate('captcha', verifier);
    app.decorate('usedCaptchaTokens', usedTokens);
    if (verifier.proofOfWork !== undefined) {
      const { proofOfWork } = verifier;
      await app.register(altchaRoutes, {
        altcha,
        maxNumberFor: (ip) => proofOfWork.boundFor(ip),
      });
    }

    schedulePurge(app, () => usedTokens.purgeExpired(), 'purging spent captcha tokens failed');
  },
  { name: 'captcha', dependencies: ['database', 'claims-case', 'clock'] },
);
