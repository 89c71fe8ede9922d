import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import type { FormType } from '../form-types';
import { cultureCodeSchema, DEFAULT_CULTURE } from '../culture-code';
import { FIXED_ROUTES, normalizePath } from '../routes';
import { isWindowsTimeZone, windowsToIana } from './time-zones';

/** docs/behaviour.md#deadlines. */
export const DEADLINE_NAMES = [
  'globalDeadline',
  'claimFilingDeadline',
  'automotiveFilingDeadline',
  'lookupFilingDeadline',
  'documentsUploadFilingDeadline',
] as const;
export type DeadlineName = (typeof DEADLINE_NAMES)[number];

/** The deadline of each form; claimFilingDeadline is the Standard form's. */
export const FORM_DEADLINES: Readonly<Record<FormType, DeadlineName>> = {
  Standard: 'claimFilingDeadline',
  Automotive: 'automotiveFilingDeadline',
  Lookup: 'lookupFilingDeadline',
  DocumentsUpload: 'documentsUploadFilingDeadline',
};

/** docs/behaviour.md#deadlines: date only, or date with 12-hour time and AM/PM. */
export const DEADLINE_FORMATS = ['MM/dd/yyyy', 'MM/dd/yyyy hh:mm:ss a'] as const;

/** The key of redirectTargets used for a culture that has no target of its own. */
export const DEFAULT_REDIRECT_KEY = 'default';

const DEADLINE_PAGE = FIXED_ROUTES.defaultDeadline.path;

/**
 * The instant a deadline text stands for, in the deadline's Windows time zone. A date-only
 * deadline lasts to the end of that day (23:59:59.999 in the zone): claims sites treat a claim
 * as timely through 11:59:59 PM of the deadline date in the project's time zone.
 * Throws 'Unknown time zone' or 'Invalid deadline format' (docs/behaviour.md#configuration-errors).
 */
export function parseDeadline(text: string, windowsZone: string): DateTime {
  const zone = windowsToIana(windowsZone);
  // A fixed locale, so AM/PM parse the same whatever Settings.defaultLocale the app set.
  const options = { zone, locale: 'en-US' };
  const withTime = DateTime.fromFormat(text, DEADLINE_FORMATS[1], options);
  if (withTime.isValid) return withTime;
  const dateOnly = DateTime.fromFormat(text, DEADLINE_FORMATS[0], options);
  if (dateOnly.isValid) return dateOnly.endOf('day');
  throw new Error(
    `Invalid deadline format "${text}"; valid formats: ${DEADLINE_FORMATS.join(', ')}`,
  );
}

/**
 * A site-relative path or an http(s) URL. Anything else (javascript:, data:, '//host',
 * '/\host', control characters) is refused: the browser navigates to this value.
 */
export function isSafeRedirectUrl(url: string): boolean {
  // Browsers drop tabs and newlines and read '\' as '/', so '/\t/host' would leave the site.
  const unsafe = [...url].some((char) => char <= ' ' || char === '\u007f' || char === '\\');
  if (unsafe) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The functions checked here throw only Error objects. */
function errorMessage(error: unknown): string {
  return (error as Error).message;
}

/** Reports what `check` throws as the issue's message. */
function issueFrom<T>(check: (value: T) => unknown) {
  return (value: T, ctx: z.RefinementCtx) => {
    try {
      check(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: errorMessage(error) });
    }
  };
}

// The /* @__PURE__ */ marks in these schemas tell a bundler that building them has no side
// effect, so the browser, which uses the functions of this module but not its schemas, ships
// without zod.
export const windowsTimeZoneSchema = z
  .string()
  .superRefine(/* @__PURE__ */ issueFrom(windowsToIana));

export const ianaTimeZoneSchema = z.string().refine((zone) => IANAZone.isValidZone(zone), {
  error: (issue) => `Unknown time zone "${String(issue.input)}"; expected an IANA zone name`,
});

export const redirectUrlSchema = z.string().refine(isSafeRedirectUrl, {
  error: (issue) =>
    `invalid redirect URL "${String(issue.input)}"; expected a path starting with "/" or an http(s) URL`,
});

/** Reports, at `deadline`, a deadline text that does not parse in its time zone. */
export function checkDeadlineText(
  entry: { deadline: string; timeZone: string },
  ctx: z.RefinementCtx,
): void {
  if (!isWindowsTimeZone(entry.timeZone)) return; // reported on timeZone already
  try {
    parseDeadline(entry.deadline, entry.timeZone);
  } catch (error) {
    ctx.addIssue({ code: 'custom', path: ['deadline'], message: errorMessage(error) });
  }
}

/** Shape A of docs/behaviour.md#deadlines: one entry per deadline, in a Windows time zone. */
export const deadlineEntrySchema = z
  .object({ deadline: z.string(), timeZone: windowsTimeZoneSchema })
  .superRefine(checkDeadlineText);

export const deadlinesByNameSchema = z.partialRecord(z.enum(DEADLINE_NAMES), deadlineEntrySchema);
export type DeadlinesByName = z.infer<typeof deadlinesByNameSchema>;

/**
 * Shape B of docs/behaviour.md#deadlines: per language, each deadline as an instant with its
 * offset.
 */
export const languageDeadlineSchema = z.object({
  deadlineDateTime: z.iso.datetime({ offset: true }),
  redirectUrl: /* @__PURE__ */ redirectUrlSchema.nullish(),
});

export const languageDeadlinesSchema = z.object({
  deadlines: z.partialRecord(z.enum(DEADLINE_NAMES), languageDeadlineSchema),
  /** Carried by the English entry. */
  projectTimeZone: /* @__PURE__ */ ianaTimeZoneSchema.optional(),
});

function instant(isoWithOffset: string): number {
  return DateTime.fromISO(isoWithOffset, { setZone: true }).toMillis();
}

export const deadlinesByLanguageSchema = z
  .record(cultureCodeSchema, languageDeadlinesSchema)
  .superRefine((byLanguage, ctx) => {
    // Every language states the same instant for a deadline, or which one holds is unclear.
    const first = new Map<DeadlineName, [string, number]>();
    for (const [language, entry] of Object.entries(byLanguage)) {
      for (const name of DEADLINE_NAMES) {
        const deadline = entry.deadlines[name];
        if (deadline === undefined) continue;
        const at = instant(deadline.deadlineDateTime);
        const seen = first.get(name);
        if (seen === undefined) first.set(name, [language, at]);
        else if (seen[1] !== at) {
          ctx.addIssue({
            code: 'custom',
            path: [language, 'deadlines', name, 'deadlineDateTime'],
            message: `deadline ${name} differs between languages ${seen[0]} and ${language}; every language must state the same instant`,
          });
        }
      }
    }
  });
export type DeadlinesByLanguage = z.infer<typeof deadlinesByLanguageSchema>;

/** GET /api/deadlines: either shape (docs/behaviour.md#deadlines). */
export const deadlinesResponseSchema = z.union([deadlinesByNameSchema, deadlinesByLanguageSchema]);
export type DeadlinesResponse = z.infer<typeof deadlinesResponseSchema>;

export interface DeadlineSetting {
  /** ISO instant in UTC. */
  deadline: string;
  /** Where to send a claimant once the deadline has passed, per culture code plus 'default'. */
  redirectTargets: Record<string, string>;
  /** IANA zone the deadline is shown in; absent when the response did not name one. */
  timeZone?: string;
}

export type DeadlineSettings = Partial<Record<DeadlineName, DeadlineSetting>>;

function isByName(response: DeadlinesResponse): response is DeadlinesByName {
  return Object.keys(response).every((key) => (DEADLINE_NAMES as readonly string[]).includes(key));
}

function toUtcIso(dateTime: DateTime): string {
  return dateTime.toUTC().toISO() as string;
}

/**
 * The stored deadlineSettings (docs/behaviour.md#deadlines) for either response shape. Shape A
 * names no redirect URL, so every culture goes to /deadline. In shape B each language's redirectUrl
 * is that culture's target and the English one is also the default; without it the default is
 * /deadline.
 */
export function toDeadlineSettings(response: DeadlinesResponse): DeadlineSettings {
  const settings: DeadlineSettings = {};
  if (isByName(response)) {
    for (const name of DEADLINE_NAMES) {
      const entry = response[name];
      if (entry === undefined) continue;
      settings[name] = {
        deadline: toUtcIso(parseDeadline(entry.deadline, entry.timeZone)),
        redirectTargets: { [DEFAULT_REDIRECT_KEY]: DEADLINE_PAGE },
        timeZone: windowsToIana(entry.timeZone),
      };
    }
    return settings;
  }
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
        deadline: toUtcIso(DateTime.fromISO(deadline.deadlineDateTime, { setZone: true })),
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

/** One deadline of the case definition, as the server holds it. */
export interface DeadlineDefinition {
  name: DeadlineName;
  /** In one of DEADLINE_FORMATS. */
  deadline: string;
  /** A key of WINDOWS_TO_IANA. */
  windowsZone: string;
  /** Per culture code; a 'default' entry serves cultures without their own. */
  redirectUrls?: Readonly<Record<string, string>>;
}

/**
 * Shape B of GET /api/deadlines, built by the server from the case definition: every culture
 * (English always) gets each deadline as ISO-8601 with its offset and the culture's redirect
 * URL; English also carries the project time zone as an IANA name. Throws on a duplicate
 * deadline, an invalid format or zone, or an unsafe redirect URL.
 */
export function toDeadlinesResponse(input: {
  deadlines: readonly DeadlineDefinition[];
  cultures: readonly string[];
  /** The case's Windows time zone. */
  projectTimeZone: string;
}): DeadlinesByLanguage {
  const projectZone = windowsToIana(input.projectTimeZone);
  const cultures = [DEFAULT_CULTURE, ...input.cultures.filter((c) => c !== DEFAULT_CULTURE)];
  const response: DeadlinesByLanguage = {};
  for (const culture of cultures) {
    response[culture] = {
      deadlines: {},
      ...(culture === DEFAULT_CULTURE ? { projectTimeZone: projectZone } : {}),
    };
  }
  const defined = new Set<DeadlineName>();
  for (const definition of input.deadlines) {
    if (defined.has(definition.name)) {
      throw new Error(`deadline ${definition.name} is defined twice; each name may appear once`);
    }
    defined.add(definition.name);
    const deadlineDateTime = parseDeadline(definition.deadline, definition.windowsZone).toISO();
    for (const culture of cultures) {
      const redirectUrl =
        definition.redirectUrls?.[culture] ?? definition.redirectUrls?.[DEFAULT_REDIRECT_KEY];
      if (redirectUrl !== undefined && !isSafeRedirectUrl(redirectUrl)) {
        throw new Error(
          `invalid redirect URL "${redirectUrl}" for ${definition.name}; expected a path starting with "/" or an http(s) URL`,
        );
      }
      (response[culture] as DeadlinesByLanguage[string]).deadlines[definition.name] = {
        deadlineDateTime: deadlineDateTime as string,
        ...(redirectUrl === undefined ? {} : { redirectUrl }),
      };
    }
  }
  return response;
}
