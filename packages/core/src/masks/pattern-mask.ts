import type { MaskRunner } from './mask-runner';

/** One position of a pattern: a character the claimant types, or one the mask inserts. */
type Slot = { token: RegExp; fixed?: undefined } | { fixed: string; token?: undefined };

function escapeRegExp(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * Interprets an imask pattern ('(000) 000-0000', '00000[-0000]') with the given token
 * definitions: '[…]' marks an optional part and '\\' makes the next character fixed. imask's
 * '{…}' and '`' are not used by any mask of the product and are refused.
 */
export function patternMaskRunner(
  pattern: string,
  definitions: Readonly<Record<string, RegExp>>,
): MaskRunner {
  const slots: Slot[] = [];
  let source = '';
  let optional = false;
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i += 1) {
    let char = chars[i] as string;
    if (char === '[' || char === ']') {
      if (optional === (char === '[')) {
        throw new Error(`mask pattern "${pattern}" has unbalanced or nested optional brackets`);
      }
      optional = char === '[';
      source += optional ? '(?:' : ')?';
      continue;
    }
    if (char === '{' || char === '}' || char === '`') {
      throw new Error(
        `mask pattern "${pattern}" uses "${char}"; supported: tokens, fixed characters, [optional], \\escape`,
      );
    }
    if (char === '\\') {
      i += 1;
      char = chars[i] ?? '\\';
      slots.push({ fixed: char });
      source += escapeRegExp(char);
      continue;
    }
    const token = Object.hasOwn(definitions, char) ? definitions[char] : undefined;
    if (token) {
      if (token.flags !== '') {
        throw new Error(`mask token "${char}" has flags "${token.flags}"; tokens must have none`);
      }
      slots.push({ token });
      source += `(?:${token.source})`;
    } else {
      slots.push({ fixed: char });
      source += escapeRegExp(char);
    }
  }
  if (optional) throw new Error(`mask pattern "${pattern}" has an unclosed optional bracket`);
  // Optional parts are all or nothing: '12345-67' is not a ZIP+4 although imask lets it be typed.
  const complete = new RegExp(`^${source}$`);

  /** Types the input into the pattern as imask does: fixed characters are inserted before the
   * next typed character that fits, typed fixed characters are taken in place, the rest is
   * dropped. */
  function type(input: string): { masked: string; raw: string } {
    let masked = '';
    let raw = '';
    let position = 0;
    for (const char of input) {
      if (position >= slots.length) break;
      if (slots[position]?.fixed === char) {
        masked += char;
        position += 1;
        continue;
      }
      let next = position;
      let pending = '';
      for (let slot = slots[next]; slot?.fixed !== undefined; slot = slots[next]) {
        pending += slot.fixed;
        next += 1;
      }
      if (slots[next]?.token?.test(char)) {
        masked += pending + char;
        raw += char;
        position = next + 1;
      }
    }
    return { masked, raw };
  }

  return {
    apply: (input) => type(input).masked,
    unmask: (input) => type(input).raw,
    isComplete: (masked) => complete.test(masked),
  };
}
