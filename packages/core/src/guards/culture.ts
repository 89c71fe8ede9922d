import { DEFAULT_CULTURE } from '../culture-code';

/** Culture codes as a list, or the localisation store's map keyed by culture code. */
export type EnabledCultures = readonly string[] | Readonly<Record<string, unknown>>;

type QueryValue = string | readonly string[] | undefined;

function cultureCodes(enabled: EnabledCultures): readonly string[] {
  return Array.isArray(enabled) ? enabled : Object.keys(enabled);
}

/** The enabled culture spelled like `candidate`, ignoring letter case; undefined if disabled. */
export function findEnabledCulture(
  candidate: string | undefined,
  enabledCultures: EnabledCultures,
): string | undefined {
  if (candidate === undefined || candidate === '') return undefined;
  const wanted = candidate.toLowerCase();
  return cultureCodes(enabledCultures).find((code) => code.toLowerCase() === wanted);
}

function firstValue(value: QueryValue): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

function firstSegment(pathname: string): string | undefined {
  return pathname
    .split(/[?#]/)[0]
    ?.split('/')
    .find((segment) => segment !== '');
}

/**
 * Route guard 2 of docs/behaviour.md#route-guards: the culture query parameter, then the address
 * bar's leading path segment ('/es/...'), else 'en'. A source naming a culture that is not enabled
 * is passed over, so a disabled culture ends in 'en' unless the other source names an enabled one.
 */
export function resolveCulture(input: {
  query: Readonly<Record<string, QueryValue>>;
  pathname: string;
  enabledCultures: EnabledCultures;
}): string {
  const { query, pathname, enabledCultures } = input;
  return (
    findEnabledCulture(firstValue(query.culture), enabledCultures) ??
    findEnabledCulture(firstSegment(pathname), enabledCultures) ??
    DEFAULT_CULTURE
  );
}

/**
 * The path without a leading enabled-culture segment: '/es/standard' → '/standard'. Route
 * matching (routes.ts) works on the result.
 */
export function stripCulturePrefix(pathname: string, enabledCultures: EnabledCultures): string {
  const segment = firstSegment(pathname);
  if (findEnabledCulture(segment, enabledCultures) === undefined) return pathname;
  const rest = pathname.replace(/^\/*[^/?#]+/, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}
