import {
  authorizeResponseSchema,
  captchaConfigResponseSchema,
  characterWhitelistResponseSchema,
  csrfResponseSchema,
  cultureContentResponseSchema,
  culturesResponseSchema,
  formsConfigResponseSchema,
  payPalSettingsResponseSchema,
  sessionTimeoutResponseSchema,
  setLanguageResponseSchema,
  signatureDateResponseSchema,
  submitResponseSchema,
} from '@claims/core/contract/api';
import { siteSettingsSchema } from '@claims/core/contract/site';
import { deadlinesResponseSchema } from '@claims/core/deadlines/deadlines';
import type { z } from 'zod';

/** The schema of packages/core's API contract for each successful answer the site reads. */
export const ANSWER_SCHEMAS = {
  csrf: csrfResponseSchema,
  sessionTimeout: sessionTimeoutResponseSchema,
  deadlines: deadlinesResponseSchema,
  charactersWhitelist: characterWhitelistResponseSchema,
  captcha: captchaConfigResponseSchema,
  payPalSettings: payPalSettingsResponseSchema,
  formsConfig: formsConfigResponseSchema,
  signatureDate: signatureDateResponseSchema,
  cultureContent: cultureContentResponseSchema,
  cultures: culturesResponseSchema,
  setLanguage: setLanguageResponseSchema,
  site: siteSettingsSchema,
  authorize: authorizeResponseSchema,
  submit: submitResponseSchema,
} as const;

export type AnswerName = keyof typeof ANSWER_SCHEMAS;
export type Answer<N extends AnswerName> = z.output<(typeof ANSWER_SCHEMAS)[N]>;

export type AnswerCheck<N extends AnswerName> =
  { ok: true; answer: Answer<N> } | { ok: false; problems: string };

/** Checks an answer against its schema: the parsed answer, or the problems as one line. */
export function checkAnswer<N extends AnswerName>(name: N, body: unknown): AnswerCheck<N> {
  const result = ANSWER_SCHEMAS[name].safeParse(body);
  if (result.success) return { ok: true, answer: result.data as Answer<N> };
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problems };
}
