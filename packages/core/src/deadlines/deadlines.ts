import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { cultureCodeSchema, DEFAULT_CULTURE } from '../culture-code';
import {
  DEADLINE_NAMES,
  DEFAULT_REDIRECT_KEY,
  type DeadlineName,
  type DeadlineSettings,
} from './deadline-names';
import { deadlineSettingsFromInstants, isDeadlinesByName } from './deadline-guard';
import { deadlineSettingsFromTexts, parseDeadline } from './deadline-text';
import { isWindowsTimeZone, windowsToIana } from './time-zones';

// The parts that need no date library, gathered here with the rest of the deadline API.
export * from './deadline-names';
export * from './deadline-guard';
export { parseDeadline } from './deadline-text';

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

/** The stored deadlineSettings (docs/behaviour.md#deadlines) for either response shape. */
export function toDeadlineSettings(response: DeadlinesResponse): DeadlineSettings {
  return isDeadlinesByName(response)
    ? deadlineSettingsFromTexts(response)
    : deadlineSettingsFromInstants(response);
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
