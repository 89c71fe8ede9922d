import { ADMIN_ENDPOINTS } from '@claims/core/admin/admin-api';
import type { z } from 'zod';

/** The endpoints whose answers are JSON, by the name the contract gives them. */
export type AnswerName = {
  [Name in keyof typeof ADMIN_ENDPOINTS]: (typeof ADMIN_ENDPOINTS)[Name] extends {
    response: unknown;
  }
    ? Name
    : never;
}[keyof typeof ADMIN_ENDPOINTS];

/** The answer of a JSON endpoint, as its schema gives it. */
export type Answer<N extends AnswerName> = z.output<(typeof ADMIN_ENDPOINTS)[N]['response']>;

export type AnswerCheck = { ok: true; answer: unknown } | { ok: false; problems: string };

/** Checks an answer against the contract: the parsed answer, or the problems as one line. */
export function checkAnswer(name: AnswerName, body: unknown): AnswerCheck {
  const result = ADMIN_ENDPOINTS[name].response.safeParse(body);
  if (result.success) return { ok: true, answer: result.data };
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problems };
}
