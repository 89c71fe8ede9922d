import type { FormType } from '../form-types';
import { DEFAULT_CULTURE } from '../culture-code';
import { normalizePath } from '../routes';
import {
  DEADLINE_NAMES,
  DEADLINE_PAGE,
  DEFAULT_REDIRECT_KEY,
  FORM_DEADLINES,
  type DeadlineName,
  type DeadlineSetting,
  type DeadlineSettings,
} from './deadline-names';
import type { DeadlinesByLanguage, DeadlinesByName, DeadlinesResponse } from './deadlines';

/**
 * Route guard 3 of docs/behaviour.md#deadlines and the settings it reads. Deadlines arrive as
 * instants and are compared as numbers, so the guard needs no date library.
 */

/** Whether a GET /api/deadlines response is shape A, each deadline written in a Windows zone. */
export function isDeadlinesByName(response: DeadlinesResponse): response is DeadlinesByName {
  return Object.keys(response).every((key) => (DEADLINE_NAMES as readonly string[]).includes(key));
}

/** An ISO-8601 date-time with its offset, as the same instant in UTC. */
function utcInstant(name: DeadlineName, isoWithOffset: string): string {
  const at = Date.parse(isoWithOffset);
  if (Number.isNaN(at)) {
    throw new Error(`deadline ${name} is "${isoWithOffset}"; expected an ISO-8601 instant`);
  }
  return new Date(at).toISOString();
}

/**
 * The stored deadlineSettings for shape B: each deadline is already an instant, so no date
 * library is needed. Each language's redirectUrl is that culture's target and the English one
 * is also the default; without it the default is /deadline.
 */
export function deadlineSettingsFromInstants(response: DeadlinesByLanguage): DeadlineSettings {
  const settings: DeadlineSettings = {};
  const english = response[DEFAULT_CULTURE];
  // English first, so its instant and time zone are the ones kept.
  const languages = Object.keys(response).sort((a, b) =>
    a === DEFAULT_CULTURE ? -1 : b === DEFAULT_CULTURE ? 1 : 0,
  );
  for (const name of DEADLINE_NAMES) {
    let setting: DeadlineSetting | undefined;
    for (const language of languages) {
      const deadline = response[language]?.deadlines[name];
      if (deadline === undefined) continue;
      setting ??= {
        deadline: utcInstant(name, deadline.deadlineDateTime),
        redirectTargets: {},
        ...(english?.projectTimeZone === undefined ? {} : { timeZone: english.projectTimeZone }),
      };
      if (deadline.redirectUrl) setting.redirectTargets[language] = deadline.redirectUrl;
    }
    if (setting === undefined) continue;
    setting.redirectTargets[DEFAULT_REDIRECT_KEY] =
      setting.redirectTargets[DEFAULT_CULTURE] ?? DEADLINE_PAGE;
    settings[name] = setting;
  }
  return settings;
}

/** The deadlines that close a form: the global one first, then the form's own. */
export function deadlineNamesForFormType(formType: FormType | undefined): DeadlineName[] {
  return formType === undefined ? ['globalDeadline'] : ['globalDeadline', FORM_DEADLINES[formType]];
}

/** The first of `names`, in order, whose deadline is before `now` (docs/behaviour.md#deadlines). */
export function findPassedDeadline(
  settings: DeadlineSettings,
  names: readonly DeadlineName[],
  now: Date,
): DeadlineName | undefined {
  return names.find((name) => {
    const setting = settings[name];
    return setting !== undefined && now.getTime() > Date.parse(setting.deadline);
  });
}

export type DeadlineRedirect =
  | { kind: 'none' }
  | { kind: 'internal'; path: typeof DEADLINE_PAGE }
  | { kind: 'external'; url: string };

/**
 * Route guard 3 (docs/behaviour.md#deadlines): the first passed deadline decides. A target for
 * the culture (or its language, or the default) other than /deadline sends the browser to
 * that URL; otherwise the claimant goes to /deadline. Nothing happens on /deadline itself.
 */
export function deadlineRedirect(
  settings: DeadlineSettings,
  names: readonly DeadlineName[],
  now: Date,
  culture: string,
  currentPath: string,
): DeadlineRedirect {
  if (normalizePath(currentPath) === DEADLINE_PAGE) return { kind: 'none' };
  const passed = findPassedDeadline(settings, names, now);
  if (passed === undefined) return { kind: 'none' };
  const targets = (settings[passed] as DeadlineSetting).redirectTargets;
  const language = culture.split('-')[0] as string;
  const target = targets[culture] ?? targets[language] ?? targets[DEFAULT_REDIRECT_KEY];
  if (target === undefined || normalizePath(target) === DEADLINE_PAGE) {
    return { kind: 'internal', path: DEADLINE_PAGE };
  }
  return { kind: 'external', url: target };
}
