import {
  authorizePath,
  authorizeRequestSchema,
  authorizeResponseSchema,
  type AuthorizeRequest,
  type AuthorizeResponse,
} from '@claims/core/contract/api';
import { FORM_TYPES, type FormType } from '@claims/core/form-types';
import type { Challenge } from 'altcha-lib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_MESSAGES } from '../case/server-messages';
import type { Database } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http-error';
import { logSecurityEvent, securityLogKey, securitySubject } from '../logger';
import {
  AttemptLimiter,
  countOnlyPolicy,
  DEFAULT_ID_COST,
  DEFAULT_IP_POLICY,
  DEFAULT_PAIR_POLICY,
  requiredMaxNumber,
  type LockoutSettings,
  type Reservation,
  type Subject,
} from '../services/attempt-limiter';
import {
  authorizeCredentials,
  lockoutIdOf,
  prepopulatedForSession,
  securitySubjectOf,
} from '../services/authorization';
import { issueCaptchaPass } from '../services/captcha-pass';
import { checkModel, describeProblems } from '../services/model-checks';
import { schedulePurge } from '../services/purge-timer';
import { sessionCulture, SessionTokenChangedError } from '../services/session-store';
import type { ZodPlugin } from '../zod-type-provider';

export interface AuthorizeRoutesOptions {
  pinPepper: string;
  sessionSecret: string;
  lockout?: LockoutSettings;
}

/** Which count a lock is on, as the security log names it (the per-ID count never locks). */
function lockScope(subject: Subject): 'id-and-address' | 'address' {
  return subject.key.startsWith('pair:') ? 'id-and-address' : 'address';
}

/** A challenge as the answer carries it. */
function toJson(challenge: Challenge): NonNullable<AuthorizeResponse['captchaChallenge']> {
  return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
}

/** The status of an answer asking for a stronger check: the PIN was not looked at. */
export const STRONGER_CHECK_STATUS = 428;

/**
 * POST /api/forms/{standard,lookup,automotive,documents-upload}/authorize
 * (docs/behaviour.md#authorization). In order: the form exists and its deadline has not passed, the
 * captcha token is good, an attempt is left for the ID from this address and for the address,
 * the captcha asked as much work as the ID's wrong answers this hour call for (else a 428 with a
 * harder challenge, which the browser solves and sends again), the credentials pass the
 * Credentials model's rules, and they match the class list, the vehicle list or a filed claim
 * (docs/behaviour.md#lockouts). A lock, or a stronger check, comes before the PIN is looked at,
 * so the answer says nothing about whether the PIN was right. A success gives the
 * session a new cookie (fixation). Refusals, lockouts and successes are logged as security events,
 * the ID as a keyed pseudonym.
 */
const authorizeRoutes: ZodPlugin<AuthorizeRoutesOptions> = async (app, options) => {
  const limiter = new AttemptLimiter(app.db, app.writeEphemeral, app.now);
  const pairPolicy = options.lockout?.pair ?? DEFAULT_PAIR_POLICY;
  const idCost = options.lockout?.idCost ?? DEFAULT_ID_COST;
  const idPolicy = countOnlyPolicy(idCost);
  const ipPolicy = options.lockout?.ip ?? DEFAULT_IP_POLICY;
  const logKey = securityLogKey(options.sessionSecret);
  const claimsCase = app.claimsCase;

  schedulePurge(app, () => limiter.purgeExpired(), 'purging old authorization failures failed');

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
    const culture = sessionCulture(claimsCase, request.session);
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
    const about = securitySubjectOf(formType, credentials);
    const subject =
      about === undefined ? undefined : securitySubject(logKey, about.kind, about.value);
    const lockoutId = lockoutIdOf(formType, credentials);
    const ipSubject: Subject = { key: `ip:${request.ip}`, policy: ipPolicy };
    const idSubjects: Subject[] =
      lockoutId === undefined
        ? []
        : [
            { key: `pair:${formType}:${lockoutId}:${request.ip}`, policy: pairPolicy },
            { key: `id:${formType}:${lockoutId}`, policy: idPolicy },
          ];
    const [pairSubject, idSubject] = idSubjects;
    const subjects = [ipSubject, ...idSubjects];

    // The attempt is taken before the credentials are looked at and counts as a wrong guess
    // unless given back: checking first and counting after would let guesses sent at once all
    // be checked before any was counted. A token the self-hosted captcha has checked is spent
    // in the same transaction (one commit); a token that was spent already takes no attempt,
    // and one refused by a lock is spent all the same. A hosted provider's token is spent
    // before the provider is asked, and the attempt taken once the provider has accepted it.
    let reservation: Reservation | undefined;
    const spendWithAttempt = async (tokenHash: string, expiresAt: Date): Promise<boolean> => {
      const spend = (trx?: Kysely<Database>) =>
        app.usedCaptchaTokens.markUsed(tokenHash, expiresAt, trx);
      const taken = await limiter.reserve(subjects, spend);
      if (taken === null || (!taken.taken && !(await spend()))) return false;
      reservation = taken;
      return true;
    };
    const captcha = await app.captcha.verify(reCaptchaResponse, request.ip, spendWithAttempt);
    if (!captcha.ok) {
      logSecurityEvent(request, { event: 'captcha.refused', reason: captcha.reason, subject });
      return refuse(reply, 400, say('captchaFailed'));
    }
    reservation ??= await limiter.reserve(subjects);
    if (!reservation.taken) {
      const seconds = Math.max(
        1,
        Math.ceil((reservation.lockedUntil.getTime() - now.getTime()) / 1000),
      );
      logSecurityEvent(request, {
        event: 'authorize.locked',
        reason: `${lockScope(reservation.refusedBy)} locked for ${seconds} s`,
        subject,
      });
      return refuse(
        reply,
        401,
        say('locked', { minutes: String(Math.ceil(seconds / 60)) }),
        seconds,
      );
    }
    const failuresBefore =
      idSubject === undefined ? 0 : (reservation.counts.get(idSubject.key) ?? 1) - 1;
    const proofOfWork = app.captcha.proofOfWork;
    if (proofOfWork !== undefined && captcha.maxNumber !== undefined) {
      // The work the ID's wrong answers call for, or the address's recent claims
      // (docs/fraud-reason-codes.md#friction), whichever is more: a challenge fetched from a
      // quieter address does not lower it.
      const forId = requiredMaxNumber(failuresBefore, proofOfWork.baseMaxNumber, idCost);
      const forAddress = await proofOfWork.boundFor(request.ip);
      const needed = Math.max(forId, forAddress);
      if (captcha.maxNumber < needed) {
        // Not a guess: the PIN is not looked at, and the attempt is given back.
        await limiter.giveBack(subjects);
        logSecurityEvent(request, {
          event: 'authorize.stronger-check',
          reason:
            forAddress > forId
              ? `claims filed lately from the address; proof of work ${needed} asked`
              : `${failuresBefore} wrong answers for the ID within its window; proof of work ${needed} asked`,
          subject,
        });
        reply.code(STRONGER_CHECK_STATUS);
        return {
          authorized: false,
          error: say('strongerCheck'),
          captcha: null,
          prepopulatedData: null,
          captchaChallenge: toJson(await proofOfWork.challenge(needed)),
        };
      }
    }
    if (failuresBefore >= idCost.afterFailures && idCost.delayMs > 0) {
      // Right and wrong answers alike wait, so the delay tells nothing about the PIN.
      logSecurityEvent(request, {
        event: 'authorize.slowed',
        reason: `${failuresBefore} wrong answers for the ID within its window`,
        subject,
      });
      await sleep(idCost.delayMs);
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
      if (idSubjects.length > 0) await limiter.giveBack(idSubjects);
      logSecurityEvent(request, {
        event: 'authorize.refused',
        reason: 'credentials break the form rules',
        subject,
      });
      return refuse(reply, 400, describeProblems('credentials', checked.problems));
    }

    const outcome = await authorizeCredentials(app.db, options.pinPepper, formType, credentials);
    if (outcome.kind === 'refused') {
      logSecurityEvent(request, { event: 'authorize.refused', reason: outcome.message, subject });
      for (const counted of subjects) {
        if ((reservation.counts.get(counted.key) ?? 0) >= counted.policy.maxFailures) {
          logSecurityEvent(request, {
            event: 'authorize.lockout',
            reason: `${lockScope(counted)} locked for ${counted.policy.lockMinutes} min`,
            subject,
          });
        }
      }
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
    const session = request.session ?? app.sessions.mint();
    const pass = issueCaptchaPass(options.sessionSecret);
    session.setAuthorization(formType, {
      identity: outcome.identity,
      prepopulatedData: prepopulatedForSession(outcome.prepopulatedData),
      authorizedAt: now.toISOString(),
      captchaPassHash: pass.hash,
    });
    // One commit for the attempts given back, the ID's count from this address cleared, the
    // new authorization and the session's new cookie; the counters in the order reserve takes
    // them (sorted keys: id, ip, pair), so the two never wait for each other.
    try {
      await app.writeEphemeral(async (trx) => {
        if (idSubject !== undefined) await limiter.giveBack([idSubject], trx);
        await limiter.giveBack([ipSubject], trx);
        if (pairSubject !== undefined) await limiter.clear(pairSubject, trx);
        await app.sessions.saveAndRotate(session, trx);
      });
    } catch (error) {
      if (!(error instanceof SessionTokenChangedError)) throw error;
      // Another request of this session (a second authorize sent at once) renewed its cookie
      // first: this one stores nothing, and its right answer does not count as a wrong one.
      await limiter.giveBack(subjects);
      throw new HttpError(409, 'the session changed while authorizing; authorize again');
    }
    request.session = session;
    app.sendSessionCookie(reply, session);
    logSecurityEvent(request, { event: 'authorize.succeeded', reason: formType, subject });

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
