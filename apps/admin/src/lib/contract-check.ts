import { ADMIN_ENDPOINTS } from '@claims/core/admin/admin-api';
import { DASHBOARD_ENDPOINTS } from '@claims/core/admin/dashboard-api';
import { DATA_IO_ENDPOINTS } from '@claims/core/admin/data-io-api';
import { FRAUD_ENDPOINTS } from '@claims/core/admin/fraud-api';
import type { z } from 'zod';

/** The endpoints the console calls, from every contract module of the admin API. */
const CONSOLE_ENDPOINTS = {
  ...ADMIN_ENDPOINTS,
  ...DATA_IO_ENDPOINTS,
  ...DASHBOARD_ENDPOINTS,
  ...FRAUD_ENDPOINTS,
};

/** The endpoints whose answers are JSON, by the name the contract gives them. */
export type AnswerName = {
  [Name in keyof typeof CONSOLE_ENDPOINTS]: (typeof CONSOLE_ENDPOINTS)[Name] extends {
    response: unknown;
  }
    ? Name
    : never;
}[keyof typeof CONSOLE_ENDPOINTS];

/** The answer of a JSON endpoint, as its schema gives it. */
export type Answer<N extends AnswerName> = z.output<(typeof CONSOLE_ENDPOINTS)[N]['response']>;

export type AnswerCheck = { ok: true; answer: unknown } | { ok: false; problems: string };

/** Checks an answer against the contract: the parsed answer, or the problems as one line. */
export function checkAnswer(name: AnswerName, body: unknown): AnswerCheck {
  const result = CONSOLE_ENDPOINTS[name].response.safeParse(body);
  if (result.success) return { ok: true, answer: result.data };
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problems };
}
