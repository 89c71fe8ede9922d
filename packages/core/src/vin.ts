/**
 * Vehicle identification numbers (ISO 3779) with the check digit in position 9 that North
 * American VINs carry (49 CFR 565). The letters I, O and Q never occur, so they cannot be
 * confused with 1 and 0.
 */

export const VIN_LENGTH = 17;
const CHECK_POSITION = 8;

/** Letter values of the transliteration table; digits stand for themselves. */
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore

/** Position weights; the check digit's own position weighs 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

const VIN_CHARACTER = /^[A-HJ-NPR-Z0-9]$/;

function characterValue(char: string): number {
  return /^[0-9]$/.test(char) ? Number(char) : (TRANSLITERATION[char] as number);
}

function invalidVinMessage(vin: string): string {
  return `invalid VIN "${vin}"; expected ${VIN_LENGTH} letters or digits without I, O or Q`;
}

/** Trims, upper-cases and removes spaces and hyphens, as a claimant may type them. */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The check character ('0'–'9' or 'X') for a 17-character VIN whose position 9 holds any
 * placeholder. Throws when any other position holds a character a VIN cannot contain.
 */
export function vinCheckDigit(first17WithPlaceholder: string): string {
  const vin = first17WithPlaceholder.toUpperCase();
  const chars = [...vin];
  if (chars.length !== VIN_LENGTH) throw new Error(invalidVinMessage(first17WithPlaceholder));
  let sum = 0;
  chars.forEach((char, index) => {
    if (index === CHECK_POSITION) return;
    if (!VIN_CHARACTER.test(char)) throw new Error(invalidVinMessage(first17WithPlaceholder));
    sum += characterValue(char) * (WEIGHTS[index] as number);
  });
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The VIN with its check digit written into position 9. */
export function withVinCheckDigit(first17WithPlaceholder: string): string {
  const vin = first17WithPlaceholder.toUpperCase();
  const check = vinCheckDigit(vin);
  return vin.slice(0, CHECK_POSITION) + check + vin.slice(CHECK_POSITION + 1);
}

/** 17 characters without I, O or Q and a correct check digit; letter case does not matter. */
export function isValidVin(vin: string): boolean {
  const upper = vin.toUpperCase();
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(upper)) return false;
  return vinCheckDigit(upper) === upper[CHECK_POSITION];
}
