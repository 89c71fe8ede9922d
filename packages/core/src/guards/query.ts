export type QueryParams = Record<string, string | string[]>;

/** Route guard 1 of docs/behaviour.md#route-guards: the only characters a query value keeps. */
const DISALLOWED = /[^A-Za-z0-9_-]/g;

export function sanitizeQueryValue(value: string): string {
  return value.replace(DISALLOWED, '');
}

/**
 * Strips every character other than ASCII letters, digits, hyphen and underscore from each
 * query value, so nothing a link carries can inject markup or script into a page. `changed`
 * tells the router to replace the route with the clean parameters.
 */
export function sanitizeQuery(params: Readonly<Record<string, string | readonly string[]>>): {
  params: QueryParams;
  changed: boolean;
} {
  let changed = false;
  const clean = (value: string) => {
    const sanitized = sanitizeQueryValue(value);
    if (sanitized !== value) changed = true;
    return sanitized;
  };
  const entries = Object.entries(params).map(([key, value]): [string, string | string[]] => [
    key,
    typeof value === 'string' ? clean(value) : value.map(clean),
  ]);
  return { params: Object.fromEntries(entries), changed };
}
