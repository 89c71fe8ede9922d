import {
  authorizePath,
  authorizeRequestSchema,
  authorizeResponseSchema,
  type AuthorizeRequest,
  type AuthorizeResponse,
} from '@claims/core/contract/api';
import { FORM_TYPES, type FormType } from '@claims/core/form-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../case/server-messages';
import { badRequest, notFound } from '../http-error';
import {
  AttemptLimiter,
  DEFAULT_ID_POLICY,
  DEFAULT_IP_POLICY,
  type LockoutPolicy,
  type Subject,
} from '../services/attempt-limiter';
import {
  authorizeCredentials,
  lockoutIdOf,
  prepopulatedForSession,
} from '../services/authorization';
import { issueCaptchaPass } from '../services/captcha-pass';
import { checkModel, describeProblems } from '../services/model-checks';
import type { ZodPlugin } from '../zod-type-provider';

export interface AuthorizeRoutesOptions {
  pinPepper: string;
  sessionSecret: string;
  lockout?: { id?: LockoutPolicy; ip?: LockoutPolicy };
}

/** The culture the claimant reads: the session's preferred one, else the case default. */
export function sessionCulture(request: FastifyRequest): string {
  const culture = request.session?.data.culture;
  const claimsCase = request.server.claimsCase;
  return claimsCase.enabledCulture(culture) ?? claimsCase.defaultCulture;
}

/**
 * POST /api/forms/{standard,lookup,automotive,documents-upload}/authorize (SPEC.md section 7;
 * DESIGN.md, authorization). In order: the form exists and its deadline has not passed, the
 * captcha token is good, an attempt is left for the ID and the client address, the
 * credentials pass the Credentials model's rules, and they match the class list, the vehicle
 * list or a filed claim. Wrong guesses are counted per ID and per client address; a locked ID
 * is refused before its PIN is looked at, so the answer says nothing about whether the PIN
 * was right.
 */
const authorizeRoutes: ZodPlugin<AuthorizeRoutesOptions> = async (app, options) => {
  const limiter = new AttemptLimiter(app.db, app.writeEphemeral, app.now);
  const idPolicy = options.lockout?.id ?? DEFAULT_ID_POLICY;
  const ipPolicy = options.lockout?.ip ?? DEFAULT_IP_POLICY;
  const claimsCase = app.claimsCase;

  const purge = setInterval(() => {
    limiter.purgeExpired().catch((error: unknown) => {
      app.log.warn({ err: error }, 'purging old authorization failures failed');
    });
  }, 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const refuse = (
    reply: FastifyReply,
    status: number,
    error: string,
    retryAfterSeconds?: number,
  ): AuthorizeResponse => {
    reply.code(status);
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return { authorized: false, error, captcha: null, prepopulatedData: null };
  };

  const handle = async (
    formType: FormType,
    request: FastifyRequest,
    reply: FastifyReply,
    body: AuthorizeRequest,
  ): Promise<AuthorizeResponse> => {
    const culture = sessionCulture(request);
    const say = (message: keyof typeof SERVER_MESSAGES, params?: Record<string, string>) =>
      claimsCase.message(culture, SERVER_MESSAGES[message], params);
    const now = app.now();

    if (!claimsCase.hasForm(formType)) {
      throw notFound(`this case has no ${formType} form`);
    }
    if (claimsCase.passedDeadline(formType, now) !== undefined) {
      throw badRequest(say('deadlinePassed'));
    }
    const { credentials, reCaptchaResponse } = body;
    const captcha = await app.captcha.verify(reCaptchaResponse, request.ip);
    if (!captcha.ok) {
      request.log.info({ reason: captcha.reason }, 'captcha refused');
      return refuse(reply, 400, say('captchaFailed'));
    }

    const lockoutId = lockoutIdOf(formType, credentials);
    const ipSubject: Subject = { key: `ip:${request.ip}`, policy: ipPolicy };
    const idSubject: Subject | undefined =
      lockoutId === undefined
        ? undefined
        : { key: `id:${formType}:${lockoutId}`, policy: idPolicy };
    const subjects = idSubject === undefined ? [ipSubject] : [ipSubject, idSubject];
    // The attempt is taken before the credentials are looked at and counts as a wrong guess
    // unless given back: checking first and counting after would let guesses sent at once all
    // be checked before any was counted.
    const lockedUntil = await limiter.reserve(subjects);
    if (lockedUntil !== null) {
      const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
      return refuse(
        reply,
        401,
        say('locked', { minutes: String(Math.ceil(seconds / 60)) }),
        seconds,
      );
    }

    const config = claimsCase.modelConfig(formType, 'Credentials');
    if (config === undefined) throw notFound(`the ${formType} form has no credentials model`);
    const checked = checkModel(config, credentials, {
      characterWhitelist: claimsCase.characterWhitelist,
      now,
      localize: (key) => claimsCase.text(culture, key),
      side: 'server',
    });
    if (checked.problems.length > 0) {
      // Malformed credentials count against the address only: they say nothing about the ID.
      if (idSubject !== undefined) await limiter.giveBack([idSubject]);
      return refuse(reply, 400, describeProblems('credentials', checked.problems));
    }

    const outcome = await authorizeCredentials(app.db, options.pinPepper, formType, credentials);
    if (outcome.kind === 'refused') {
      return refuse(reply, outcome.status, say(outcome.message));
    }
    if (outcome.kind === 'notEligible') {
      await limiter.giveBack(subjects);
      return {
        authorized: false,
        error: say('vehicleNotEligible'),
        captcha: null,
        prepopulatedData: null,
      };
    }
    const session = await app.ensureSession(request, reply);
    const pass = issueCaptchaPass(options.sessionSecret);
    session.setAuthorization(formType, {
      identity: outcome.identity,
      prepopulatedData: prepopulatedForSession(outcome.prepopulatedData),
      authorizedAt: now.toISOString(),
      captchaPassHash: pass.hash,
    });
    // One commit for the ID's cleared count, the address's attempt given back and the new
    // authorization; the ID's row first, in the order reserve takes them, so the two never
    // wait for each other.
    await app.writeEphemeral(async (trx) => {
      if (idSubject !== undefined) await limiter.clear(idSubject, trx);
      await limiter.giveBack([ipSubject], trx);
      await app.sessions.save(session, trx);
    });

    const prepopulatedData = { ...outcome.prepopulatedData };
    if (formType === 'Lookup' && outcome.vehicle !== undefined) {
      prepopulatedData.Description = say('vehicleEligible', {
        year: outcome.vehicle.year ?? '',
        make: outcome.vehicle.make ?? '',
        model: outcome.vehicle.model ?? '',
      });
    }
    return { authorized: true, error: null, captcha: pass.value, prepopulatedData };
  };

  for (const formType of FORM_TYPES) {
    app.post(
      authorizePath(formType),
      {
        schema: { body: authorizeRequestSchema, response: { 200: authorizeResponseSchema } },
        config: { errorShape: 'authorize' },
      },
      (request, reply) => handle(formType, request, reply, request.body),
    );
  }
};

export default authorizeRoutes;
