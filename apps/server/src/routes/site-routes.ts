import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toCulturesResponse } from '@claims/core/case/cultures';
import {
  API_PATHS,
  captchaConfigResponseSchema,
  characterWhitelistResponseSchema,
  cultureContentQuerySchema,
  cultureContentResponseSchema,
  culturesResponseSchema,
  formsConfigResponseSchema,
  setLanguageQuerySchema,
  setLanguageResponseSchema,
  signatureDateQuerySchema,
  signatureDateResponseSchema,
} from '@claims/core/contract/api';
import { CASE_FILES_PREFIX, SITE_PATH, siteSettingsSchema } from '@claims/core/contract/site';
import { formatDeadline } from '@claims/core/deadlines/deadline-format';
import { deadlinesResponseSchema } from '@claims/core/deadlines/deadlines';
import { z } from 'zod';
import { badRequest, notFound } from '../http-error';
import { cacheAnswer, cachedAnswerHandler, sendCachedAnswer } from '../http/cached-answer';
import type { ZodPlugin } from '../zod-type-provider';
import {
  captchaAnswer,
  cultureContentAnswer,
  siteSettingsAnswer,
  type SiteAnswerOptions,
} from './site-answers';

const CASE_FILE_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** The calendar day of an instant in a zone, as yyyy-MM-dd. */
export function dayInZone(instant: Date, timeZone: string): string {
  // en-CA writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/**
 * The calls that read the case: deadlines, character whitelist, captcha settings, model
 * configs, signature date, cultures and their copy, and the preferred-culture switch.
 */
export type SiteRoutesOptions = SiteAnswerOptions;

const siteRoutes: ZodPlugin<SiteRoutesOptions> = async (app, options) => {
  const claimsCase = app.claimsCase;
  const definition = claimsCase.definition;

  /** The case files the site links to: the logo and the important documents, nothing else. */
  const caseFiles = new Set([
    ...(definition.details.logo === undefined ? [] : [definition.details.logo.path]),
    ...definition.importantDocuments.map((document) => document.path),
  ]);

  // The case is fixed for the life of the server, and so are the answers that only read it:
  // each is checked against its schema and serialised once (cached-answer.ts).
  app.get(
    SITE_PATH,
    cachedAnswerHandler(SITE_PATH, siteSettingsSchema, siteSettingsAnswer(claimsCase, options)),
  );

  app.get(
    `${CASE_FILES_PREFIX}*`,
    { schema: { params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const relative = request.params['*'];
      if (!caseFiles.has(relative)) {
        throw notFound(`no case file at ${CASE_FILES_PREFIX}${relative}`);
      }
      const type = CASE_FILE_TYPES[path.extname(relative).toLowerCase()];
      const body = await readFile(path.join(claimsCase.folder, relative));
      return reply
        .type(type ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  const enabledCulture = (culture: string): string => {
    const enabled = claimsCase.enabledCulture(culture);
    if (enabled === undefined) {
      throw badRequest(
        `culture "${culture}" is not enabled; expected one of ${claimsCase.enabledCultures.join(', ')}`,
      );
    }
    return enabled;
  };

  app.get(
    API_PATHS.deadlines,
    cachedAnswerHandler(API_PATHS.deadlines, deadlinesResponseSchema, claimsCase.deadlinesResponse),
  );

  app.get(
    API_PATHS.charactersWhitelist,
    cachedAnswerHandler(API_PATHS.charactersWhitelist, characterWhitelistResponseSchema, {
      allowedCharacters: claimsCase.allowedCharacters,
    }),
  );

  app.get(
    API_PATHS.captcha,
    { schema: { response: { 200: captchaConfigResponseSchema } } },
    async () => captchaAnswer(app.captcha, options),
  );

  app.get(
    API_PATHS.formsConfig,
    cachedAnswerHandler(API_PATHS.formsConfig, formsConfigResponseSchema, [
      ...claimsCase.remoteModelConfigs,
    ]),
  );

  app.get(
    API_PATHS.signatureDate,
    {
      schema: {
        querystring: signatureDateQuerySchema,
        response: { 200: signatureDateResponseSchema },
      },
    },
    async (request) => {
      const culture = enabledCulture(request.query.culture);
      const now = app.now();
      return {
        culture,
        date: dayInZone(now, claimsCase.projectTimeZone),
        display: formatDeadline(now.toISOString(), 'Long', culture, claimsCase.projectTimeZone),
      };
    },
  );

  const contentAnswers = new Map(
    claimsCase.enabledCultures.map((culture) => [
      culture,
      cacheAnswer(
        `${API_PATHS.cultureContent}?culture=${culture}`,
        cultureContentResponseSchema,
        cultureContentAnswer(claimsCase, culture),
      ),
    ]),
  );
  app.get(
    API_PATHS.cultureContent,
    { schema: { querystring: cultureContentQuerySchema } },
    async (request, reply) => {
      const answer = contentAnswers.get(enabledCulture(request.query.culture));
      if (answer === undefined) throw new Error('every enabled culture has its content cached');
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    API_PATHS.cultures,
    cachedAnswerHandler(API_PATHS.cultures, culturesResponseSchema, toCulturesResponse(definition)),
  );

  app.get(
    API_PATHS.setLanguage,
    {
      schema: {
        querystring: setLanguageQuerySchema,
        response: { 200: setLanguageResponseSchema },
      },
    },
    async (request, reply) => {
      const culture = enabledCulture(request.query.culture);
      const session = await app.ensureSession(request, reply);
      session.setCulture(culture);
      await app.sessions.save(session);
      reply.header('cache-control', 'no-store');
      if (request.query.returnUrl !== undefined) {
        return reply.redirect(request.query.returnUrl, 303);
      }
      return { culture };
    },
  );
};

export default siteRoutes;
