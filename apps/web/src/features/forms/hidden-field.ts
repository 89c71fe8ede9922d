/**
 * What the submit page's hidden field holds (components/hidden-field-input.tsx). People never
 * see it, so it stays empty; a program that fills every input fills it, and the claim is then
 * sent with it, which the server's fraud score counts (docs/fraud-reason-codes.md,
 * HONEYPOT_FILLED). It never stops a claim.
 */
let filled = '';

export function setHiddenFieldValue(value: string): void {
  filled = value;
}

/** The value, or undefined while the field is empty (and the part is not sent). */
export function hiddenFieldValue(): string | undefined {
  return filled === '' ? undefined : filled;
}
