/**
 * How a mask treats text, so that the server can re-check what the browser's input mask
 * produced (docs/architecture.md#one-rule-engine: the server never trusts the browser).
 */
export interface MaskRunner {
  /** The value the mask shows after `input` has been typed or pasted into an empty field. */
  apply(input: string): string;
  /** The characters the claimant typed, without what the mask inserts. */
  unmask(input: string): string;
  /** Whether a masked value is a finished entry (every required position filled). */
  isComplete(masked: string): boolean;
}
