import { isPlainObject } from '../text/camel-case';

/** JSON with object keys sorted at every level, so equal data always gives the same text. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error(`cannot hash a value of type ${typeof value}`);
  return text;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** 64-bit FNV-1a over the UTF-8 bytes of the text, as 16 lower-case hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * The metadataHash of a remote model config (docs/behaviour.md#forms-config): stable across
 * restarts and key order, so a model a claimant saved still finds its config after the server
 * restarts.
 */
export function metadataHash(metadata: Readonly<Record<string, unknown>>): string {
  return fnv1a64(stableStringify(metadata));
}
