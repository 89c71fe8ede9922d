import { boundedCache } from '../dates/bounded-cache';

/**
 * The one place that maps keys between the server's PascalCase and the client's camelCase
 * (docs/behaviour.md#models: field keys are camelCase on the client; prepopulatedData keys come
 * back capitalised).
 */

function isUpper(char: string): boolean {
  return char !== char.toLowerCase() && char === char.toUpperCase();
}

/** Keys converted, kept: the same few field keys are converted for every field of every claim. */
const CACHED_KEYS = 2_000;
/** Longer keys are converted every time, so keys sent from the network bound what is kept. */
const CACHED_KEY_LENGTH = 64;
const converted = boundedCache<string>(CACHED_KEYS);

/**
 * Lower-cases the leading run of capitals, keeping the last one when a lower-case letter
 * follows it, so acronyms read naturally: 'FirstName' → 'firstName', 'VIN' → 'vin',
 * 'VINNumber' → 'vinNumber', 'MailingStreetLine1' → 'mailingStreetLine1'. This is the
 * convention of the common .NET JSON serialisers, so keys match what such a server sends.
 */
export function toCamelCase(key: string): string {
  const first = key.codePointAt(0);
  // A key that does not start with a capital is its own camelCase.
  if (first === undefined || !isUpper(String.fromCodePoint(first))) return key;
  if (key.length > CACHED_KEY_LENGTH) return convertToCamelCase(key);
  return converted(key, () => convertToCamelCase(key));
}

function convertToCamelCase(key: string): string {
  const chars = [...key];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] as string;
    if (!isUpper(char)) break;
    const next = chars[i + 1];
    if (i > 0 && next !== undefined && !isUpper(next)) break;
    chars[i] = char.toLowerCase();
  }
  return chars.join('');
}

/** Upper-cases the first character: 'firstName' → 'FirstName', 'vin' → 'Vin'. */
export function toPascalCase(key: string): string {
  const [first, ...rest] = [...key];
  return first === undefined ? key : first.toUpperCase() + rest.join('');
}

function mapKeys<T>(obj: Readonly<Record<string, T>>, convert: (key: string) => string) {
  const seen = new Map<string, string>();
  const entries = Object.entries(obj).map(([key, value]): [string, T] => {
    const converted = convert(key);
    const earlier = seen.get(converted);
    if (earlier !== undefined) {
      throw new Error(
        `keys "${earlier}" and "${key}" both map to "${converted}"; keys must differ`,
      );
    }
    seen.set(converted, key);
    return [converted, value];
  });
  // Object.fromEntries defines own properties, so a key like "__proto__" cannot reach the
  // prototype (the input comes from the network).
  return Object.fromEntries(entries) as Record<string, T>;
}

/** Shallow: converts the object's own keys only. Throws when two keys collide. */
export function camelCaseKeys<T>(obj: Readonly<Record<string, T>>): Record<string, T> {
  return mapKeys(obj, toCamelCase);
}

/** Shallow: converts the object's own keys only. Throws when two keys collide. */
export function pascalCaseKeys<T>(obj: Readonly<Record<string, T>>): Record<string, T> {
  return mapKeys(obj, toPascalCase);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function mapKeysDeep(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, convert));
  if (!isPlainObject(value)) return value;
  const converted = mapKeys(value, convert);
  for (const key of Object.keys(converted)) {
    converted[key] = mapKeysDeep(converted[key], convert);
  }
  return converted;
}

/** Converts keys of nested plain objects and of objects inside arrays; other values are kept. */
export function camelCaseKeysDeep(value: unknown): unknown {
  return mapKeysDeep(value, toCamelCase);
}

/** Converts keys of nested plain objects and of objects inside arrays; other values are kept. */
export function pascalCaseKeysDeep(value: unknown): unknown {
  return mapKeysDeep(value, toPascalCase);
}
