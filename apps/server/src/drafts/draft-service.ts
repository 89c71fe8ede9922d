import {
  RESUME_LINK_PATH,
  type Draft,
  type FormStandingResponse,
} from '@claims/core/contract/drafts';
import { draftExpiry, resumeDraft } from '@claims/core/drafts/resume';
import type { FormType } from '@claims/core/form-types';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { SERVER_MESSAGES } from '../case/server-messages';
import { badRequest, HttpError } from '../http-error';
import { issueCaptchaPass } from '../services/captcha-pass';
import { sessionCulture, type FormAuthorization, type Session } from '../services/session-store';
import type { DraftStore, KeptDraft } from './draft-store';

/** The e-mail of a link that resumes a draft: LocKey_Email_DraftLink_Subject and _Body. */
export const DRAFT_LINK_TEMPLATE = 'DraftLink';

/** A draft checked again against the form as it is today; undefined once the form has closed. */
export function resumable(app: FastifyInstance, kept: KeptDraft, now: Date) {
  const outcome = resumeDraft(kept.draft, {
    formType: kept.formType,
    configs: app.claimsCase.modelConfigs(kept.formType),
    deadlines: app.claimsCase.deadlineSettings,
    now,
    characterWhitelist: app.claimsCase.characterWhitelist,
    side: 'server',
  });
  return outcome.kind === 'resume' ? outcome : undefined;
}

/**
 * The steps of docs/behaviour.md#drafts: what the session may restore of a form, keeping the
 * answers as the claimant moves through it, the e-mailed link, and forgetting the draft once
 * the claim is filed.
 */
export class DraftService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly store: DraftStore,
    private readonly passSecret: string,
  ) {}

  private authorizationOf(session: Session | null, formType: FormType) {
    const authorization = session?.data.authorizations[formType];
    if (session === null || authorization === undefined) {
      throw new HttpError(
        401,
        `this session has not authorized the ${formType} form; authorize it first`,
      );
    }
    return { session, authorization };
  }

  private refuseClosedForm(session: Session | null, formType: FormType, now: Date): void {
    const { claimsCase } = this.app;
    if (claimsCase.passedDeadline(formType, now) !== undefined) {
      const culture = sessionCulture(claimsCase, session);
      throw badRequest(claimsCase.message(culture, SERVER_MESSAGES.deadlinePassed));
    }
  }

  /**
   * What the session holds of the form: its authorization, its draft checked again, and the last
   * claim it filed. An unspent captcha pass is replaced by a new one the answer carries, since
   * a reloaded page has lost the one authorize gave.
   */
  async standing(
    session: Session | null,
    formType: FormType,
  ): Promise<FormStandingResponse & { captcha: string | null }> {
    const now = this.app.now();
    const referenceCode = session?.data.filed[formType] ?? null;
    const authorization = session?.data.authorizations[formType];
    if (session === null || authorization === undefined) {
      return {
        authorized: false,
        prepopulatedData: null,
        draft: null,
        clearedFields: [],
        referenceCode,
        captcha: null,
      };
    }
    const kept = await this.store.read(formType, authorization.identity, now);
    const resumed = kept === undefined ? undefined : resumable(this.app, kept, now);
    let captcha: string | null = null;
    if (authorization.captchaPassHash !== null) {
      const pass = issueCaptchaPass(this.passSecret);
      session.setAuthorization(formType, { ...authorization, captchaPassHash: pass.hash });
      await this.app.writeEphemeral((trx) => this.app.sessions.save(session, trx));
      captcha = pass.value;
    }
    return {
      authorized: true,
      prepopulatedData: { ...authorization.prepopulatedData },
      draft: resumed?.draft ?? null,
      clearedFields: resumed?.clearedFields ?? [],
      referenceCode,
      captcha,
    };
  }

  /** Keeps the session's answers to the form; answers when they are forgotten. */
  async keep(session: Session | null, formType: FormType, draft: Draft) {
    const now = this.app.now();
    this.refuseClosedForm(session, formType, now);
    const { authorization } = this.authorizationOf(session, formType);
    const expiresAt = draftExpiry(this.app.claimsCase.deadlineSettings, formType, now);
    const id = await this.store.write(formType, authorization, draft, expiresAt, now);
    return { id, expiresAt };
  }

  /** Keeps the answers and, given an address, e-mails a one-time link in `culture`. */
  async finishLater(
    session: Session | null,
    formType: FormType,
    request: { draft: Draft; email: string | null; culture: string },
    origin: string,
  ): Promise<{ expiresAt: string; emailed: boolean }> {
    const { id, expiresAt } = await this.keep(session, formType, request.draft);
    if (request.email === null) return { expiresAt: expiresAt.toISOString(), emailed: false };
    const { claimsCase } = this.app;
    const culture = claimsCase.enabledCulture(request.culture) ?? claimsCase.defaultCulture;
    const now = this.app.now();
    const email = request.email;
    await this.app.db.transaction().execute(async (trx) => {
      const link = await this.store.createLink(trx, id, expiresAt, now);
      await this.app.mailer.enqueue(trx, {
        template: DRAFT_LINK_TEMPLATE,
        to: email,
        culture,
        params: {
          link: `${origin}${RESUME_LINK_PATH}?token=${link.token}`,
          linkExpires: DateTime.fromJSDate(link.expiresAt, { zone: claimsCase.projectTimeZone })
            .setLocale(culture)
            .toLocaleString(DateTime.DATETIME_FULL),
        },
      });
    });
    return { expiresAt: expiresAt.toISOString(), emailed: true };
  }

  /** Spends an e-mailed link: the draft it resumes, or undefined (unknown, used, expired, closed). */
  async redeem(
    token: string,
  ): Promise<{ kept: KeptDraft; authorization: FormAuthorization } | undefined> {
    const now = this.app.now();
    const kept = await this.store.redeemLink(token, now);
    if (kept === undefined || resumable(this.app, kept, now) === undefined) return undefined;
    return {
      kept,
      authorization: {
        identity: kept.identity,
        prepopulatedData: kept.prepopulatedData,
        authorizedAt: now.toISOString(),
        captchaPassHash: null,
      },
    };
  }

  /**
   * After a claim is filed: the session remembers its code (the confirmation survives a reload)
   * and the draft is forgotten. The claim is filed already, so a failure here is logged only.
   */
  async afterFiling(session: Session, formType: FormType, referenceCode: string): Promise<void> {
    try {
      session.setFiled(formType, referenceCode);
      await this.app.writeEphemeral((trx) => this.app.sessions.save(session, trx));
      const authorization = session.data.authorizations[formType];
      if (authorization !== undefined) await this.store.remove(formType, authorization.identity);
    } catch (error) {
      this.app.log.error({ err: error as Error }, 'forgetting the draft of a filed claim failed');
    }
  }

  purgeExpired(): Promise<number> {
    return this.store.purgeExpired(this.app.now());
  }
}
