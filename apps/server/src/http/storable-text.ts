/**
 * Text the server stores or looks up must be well-formed Unicode without NUL: PostgreSQL
 * refuses a NUL in text (the request would fail with a 500), and a lone surrogate cannot be
 * written as UTF-8, so each store would change it silently (into U+FFFD). Such text is
 * refused with a 400 naming where it is, except in a document's file name, which is only
 * informative and is kept with the character replaced (storableName).
 */

const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The index of each code unit of `text` that is a surrogate without its other half. */
function* loneSurrogates(text: string): Generator<number> {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
    else if (isHighSurrogate(code) || isLowSurrogate(code)) yield index;
  }
}

function describeProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'a NUL character (U+0000), which text may not contain';
  const [index] = loneSurrogates(text);
  if (index === undefined) return undefined;
  const code = text.charCodeAt(index).toString(16).toUpperCase();
  return `an unpaired surrogate (U+${code}), which is not valid Unicode text`;
}

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Where `value` (parsed JSON, or any tree of objects, arrays and strings) holds text that
 * cannot be stored as sent, in a sentence such as `credentials.noticeId contains a NUL
 * character (U+0000), which text may not contain`; undefined when it holds none. `root`
 * names the value itself. Walks without recursion, so deeply nested input cannot exhaust
 * the stack.
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      const problem = describeProblem(current);
      if (problem !== undefined) return `${path === '' ? root : path} contains ${problem}`;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index] as unknown, path: childPath(path, index) });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        const problem = describeProblem(key);
        if (problem !== undefined) {
          return `a key of ${path === '' ? root : path} contains ${problem}`;
        }
        pending.push({ value: child, path: childPath(path, key) });
      }
    }
  }
  return undefined;
}

/**
 * A name kept only to be shown (a document's file name), with each NUL and each unpaired
 * surrogate replaced by U+FFFD.
 */
export function storableName(name: string): string {
  const units = name.replaceAll(NUL, REPLACEMENT).split('');
  for (const index of loneSurrogates(name)) units[index] = REPLACEMENT;
  return units.join('');
}
