import type { MaskRunner } from './mask-runner';

/** imask's RegExp options: every intermediate value must match, as imask checks on each key. */
export interface RegExpMaskOptions {
  mask: RegExp;
  /** Applied to each typed character before the check (imask calls it the same way). */
  prepareChar?: (char: string) => string;
}

export function regExpMaskRunner(options: RegExpMaskOptions): MaskRunner {
  if (options.mask.global || options.mask.sticky) {
    // test() on a global or sticky expression depends on lastIndex from the previous call.
    throw new Error(`mask ${String(options.mask)} must not have the g or y flag`);
  }
  const prepare = options.prepareChar ?? ((char: string) => char);
  function apply(input: string): string {
    let masked = '';
    for (const char of input) {
      const candidate = masked + prepare(char);
      if (options.mask.test(candidate)) masked = candidate;
    }
    return masked;
  }
  return { apply, unmask: apply, isComplete: (masked) => options.mask.test(masked) };
}
