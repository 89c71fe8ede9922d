import type { MaskRunner } from './mask-runner';

/**
 * Interprets an imask dynamic mask (an array of masks): as imask's default dispatch does, the
 * alternative that takes the most of the input is used, the first one on a tie. A value is
 * complete when the alternative it selects is complete, so '12345-67' is an unfinished ZIP+4
 * rather than a finished five-digit ZIP, in the browser and on the server alike.
 */
export function dynamicMaskRunner(alternatives: readonly MaskRunner[]): MaskRunner {
  const [first] = alternatives;
  if (!first) throw new Error('a dynamic mask needs at least one alternative mask');
  const initial: MaskRunner = first;

  function select(input: string): { runner: MaskRunner; masked: string } {
    let best = { runner: initial, masked: initial.apply(input) };
    for (const runner of alternatives.slice(1)) {
      const masked = runner.apply(input);
      if (masked.length > best.masked.length) best = { runner, masked };
    }
    return best;
  }

  return {
    apply: (input) => select(input).masked,
    unmask: (input) => select(input).runner.unmask(input),
    isComplete: (masked) => select(masked).runner.isComplete(masked),
  };
}
