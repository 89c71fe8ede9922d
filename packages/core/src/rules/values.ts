import { toCamelCase } from '../text/camel-case';

/**
 * Empty means: null, undefined, NaN, a string that is blank once trimmed, or an empty list
 * (an array, or a FileList-like object with length 0). `false` counts as empty only when
 * `falseIsEmpty` is set, which the required rules do for checkbox fields: a required checkbox
 * must be ticked (docs/behaviour.md#fields). Everywhere else false is a value.
 */
export function isEmpty(value: unknown, options: { falseIsEmpty?: boolean } = {}): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'boolean') return !value && options.falseIsEmpty === true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && 'length' in value && typeof value.length === 'number') {
    return value.length === 0;
  }
  return false;
}

/**
 * A model's own value for a key, camelCasing it first (rule arguments may name properties in
 * PascalCase). Own properties only, so that a property named "constructor" or "__proto__"
 * reads nothing rather than something inherited.
 */
export function readProperty(values: Readonly<Record<string, unknown>>, property: string): unknown {
  const key = toCamelCase(property);
  return Object.hasOwn(values, key) ? values[key] : undefined;
}

/** The text of a string, number or boolean value; undefined for lists, objects and absent values. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return undefined;
}

const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const GROUPED = /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * A finite number from a number or from text such as '12', '-3.5' or '1,234.50' (thousands
 * separators as the currency masks insert them); null for anything else.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL.test(text) && !GROUPED.test(text)) return null;
  const number = Number(text.replaceAll(',', ''));
  return Number.isFinite(number) ? number : null;
}
