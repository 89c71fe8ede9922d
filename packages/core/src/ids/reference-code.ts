import { cryptoRandom, randomString, type RandomSource } from './random';

/**
 * Upper-case letters and digits without the look-alikes 0/O and 1/I/L. Its 31 characters are
 * a prime count, which is what makes the check character below catch every single error.
 */
export const REFERENCE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * 10 random characters: 31^10 ≈ 8.2 × 10^14 codes, so even a million claims collide with a
 * probability below 0.1% (the server still refuses a duplicate and draws again).
 */
export const REFERENCE_CODE_RANDOM_LENGTH = 10;
export const REFERENCE_CODE_LENGTH = REFERENCE_CODE_RANDOM_LENGTH + 1;

/** Display groups: 'NWM-7K3Q-9XT4'. */
const GROUPS = [3, 4, 4] as const;

const BASE = REFERENCE_CODE_ALPHABET.length;
const COMPACT_PATTERN = new RegExp(`^[${REFERENCE_CODE_ALPHABET}]{${REFERENCE_CODE_LENGTH}}$`);

function valueOf(char: string): number {
  const value = REFERENCE_CODE_ALPHABET.indexOf(char);
  if (value < 0) throw new Error(`"${char}" is not a reference code character`);
  return value;
}

const CHECK_WEIGHT = REFERENCE_CODE_LENGTH;
/** The base is prime, so the check weight has an inverse: CHECK_WEIGHT × this ≡ 1 (mod 31). */
const CHECK_WEIGHT_INVERSE = Array.from({ length: BASE }, (_, index) => index).find(
  (candidate) => (CHECK_WEIGHT * candidate) % BASE === 1,
) as number;

/**
 * The check character makes Σ position × value ≡ 0 (mod 31) over all 11 positions (1-based).
 * The weights 1..11 are distinct and non-zero modulo the prime 31, so changing one character
 * changes the sum by weight × difference ≠ 0, and swapping two different characters changes
 * it by (weight difference) × (value difference) ≠ 0: every single substitution and every
 * transposition, adjacent or not, is caught.
 */
export function referenceCodeCheckCharacter(body: string): string {
  if (body.length !== REFERENCE_CODE_RANDOM_LENGTH) {
    throw new Error(
      `reference code body "${body}" has ${body.length} characters; expected ${REFERENCE_CODE_RANDOM_LENGTH}`,
    );
  }
  let sum = 0;
  [...body].forEach((char, index) => {
    sum += (index + 1) * valueOf(char);
  });
  const check = (((BASE - (sum % BASE)) % BASE) * CHECK_WEIGHT_INVERSE) % BASE;
  return REFERENCE_CODE_ALPHABET[check] as string;
}

/** Trims, upper-cases and removes spaces and hyphens (also typographic dashes from pasting). */
export function normalizeReferenceCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s\u2010-\u2015\u2212-]/g, '');
}

/** Groups a code for display: 'NWM7K3Q9XT4' → 'NWM-7K3Q-9XT4'. Accepts any spelling. */
export function formatReferenceCode(input: string): string {
  const compact = normalizeReferenceCode(input);
  const groups: string[] = [];
  let start = 0;
  for (const size of GROUPS) {
    groups.push(compact.slice(start, start + size));
    start += size;
  }
  if (start < compact.length) groups.push(compact.slice(start));
  return groups.filter((group) => group !== '').join('-');
}

/** Whether the code, once normalised, has the right length, alphabet and check character. */
export function isValidReferenceCode(code: string): boolean {
  const compact = normalizeReferenceCode(code);
  if (!COMPACT_PATTERN.test(compact)) return false;
  const body = compact.slice(0, REFERENCE_CODE_RANDOM_LENGTH);
  return referenceCodeCheckCharacter(body) === compact.slice(REFERENCE_CODE_RANDOM_LENGTH);
}

/** A new code in display form, e.g. 'NWM-7K3Q-9XT4'. */
export function generateReferenceCode(random: RandomSource = cryptoRandom): string {
  const body = randomString(REFERENCE_CODE_ALPHABET, REFERENCE_CODE_RANDOM_LENGTH, random);
  return formatReferenceCode(body + referenceCodeCheckCharacter(body));
}
