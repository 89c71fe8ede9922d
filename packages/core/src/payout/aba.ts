import { accepted, refused, type FieldCheck } from './problems';

/**
 * ABA routing transit numbers: nine digits, the first two naming a Federal Reserve range and
 * the ninth a check digit over the other eight (weights 3, 7, 1 repeated; the weighted sum of
 * all nine is a multiple of 10).
 */

export const ROUTING_NUMBER_LENGTH = 9;

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * The first two digits a routing number may start with: 00 (the U.S. Government), 01–12 (the
 * twelve Federal Reserve districts), 21–32 (their thrift institutions), 61–72 (electronic
 * transactions) and 80 (traveler's checks).
 */
const PREFIX_RANGES: readonly (readonly [number, number])[] = [
  [0, 12],
  [21, 32],
  [61, 72],
  [80, 80],
];

/** Removes the spaces and dashes a claimant may type between groups of digits. */
export function stripDigitSeparators(text: string): string {
  return text.replace(/[\s-]/g, '');
}

function weightedSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += (WEIGHTS[index] as number) * Number(digits[index]);
  }
  return sum;
}

/** Whether nine digits pass the 3-7-1 checksum. */
export function routingChecksumHolds(digits: string): boolean {
  return /^[0-9]{9}$/.test(digits) && weightedSum(digits) % 10 === 0;
}

/** The ninth digit that completes eight digits into a number whose checksum holds. */
export function routingCheckDigit(firstEight: string): string {
  if (!/^[0-9]{8}$/.test(firstEight)) {
    throw new RangeError(`expected the first 8 digits of a routing number; got "${firstEight}"`);
  }
  return String((10 - (weightedSum(firstEight) % 10)) % 10);
}

/** Whether two digits are a Federal Reserve prefix a routing number may start with. */
export function isRoutingPrefix(prefix: string): boolean {
  if (!/^[0-9]{2}$/.test(prefix)) return false;
  const value = Number(prefix);
  return PREFIX_RANGES.some(([low, high]) => value >= low && value <= high);
}

/**
 * A routing number as typed, checked and normalised to its nine digits, or the first thing
 * wrong with it: characters other than digits, the count of digits, the prefix, the check
 * digit. Nine zeros pass every rule but no bank has them, and a payment sent there is returned.
 */
export function checkRoutingNumber(text: string): FieldCheck {
  const digits = stripDigitSeparators(text);
  if (!/^[0-9]*$/.test(digits)) return refused('routing_number_characters');
  if (digits.length !== ROUTING_NUMBER_LENGTH) {
    return refused('routing_number_length', { count: String(digits.length) });
  }
  const prefix = digits.slice(0, 2);
  if (!isRoutingPrefix(prefix)) return refused('routing_number_prefix', { prefix });
  if (!routingChecksumHolds(digits)) return refused('routing_number_check_digit');
  if (/^0+$/.test(digits)) return refused('routing_number_unassigned');
  return accepted(digits);
}

export function isValidRoutingNumber(text: string): boolean {
  return checkRoutingNumber(text).ok;
}
