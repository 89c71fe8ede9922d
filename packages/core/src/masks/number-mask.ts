import type { MaskRunner } from './mask-runner';

/** The imask Number options the product's number masks use (all unsigned: min is at least 0). */
export interface NumberMaskOptions {
  mask: NumberConstructor;
  scale: number;
  thousandsSeparator: string;
  radix: string;
  mapToRadix: string[];
  min: number;
  max: number;
  normalizeZeros: boolean;
  padFractionalZeros: boolean;
}

interface NumberParts {
  integer: string;
  fraction: string;
  hasRadix: boolean;
}

const DIGIT = /^[0-9]$/;

function groupThousands(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Interprets imask's Number options the way imask commits a value on blur: digits are typed,
 * the radix (or a character mapped to it) starts the fraction when scale allows one, digits
 * beyond the scale or above max are refused, thousands separators are inserted, and zeros are
 * normalised and padded as configured.
 */
export function numberMaskRunner(options: NumberMaskOptions): MaskRunner {
  if (options.min < 0) {
    throw new Error(`number mask min ${options.min} is negative; number masks are unsigned`);
  }

  function valueOf(parts: NumberParts): number {
    return Number(`${parts.integer || '0'}.${parts.fraction || '0'}`);
  }

  function type(input: string): NumberParts | null {
    const parts: NumberParts = { integer: '', fraction: '', hasRadix: false };
    let typed = false;
    for (const typedChar of input) {
      const char = options.mapToRadix.includes(typedChar) ? options.radix : typedChar;
      if (char === options.radix) {
        // With scale 0 imask still takes the radix, so the digits after it are refused, but the
        // radix alone does not make a value.
        if (!parts.hasRadix) {
          parts.hasRadix = true;
          typed ||= options.scale > 0;
        }
        continue;
      }
      if (!DIGIT.test(char)) continue;
      const candidate = parts.hasRadix
        ? { ...parts, fraction: parts.fraction + char }
        : { ...parts, integer: parts.integer + char };
      if (candidate.fraction.length > options.scale || valueOf(candidate) > options.max) continue;
      Object.assign(parts, candidate);
      typed = true;
    }
    return typed ? parts : null;
  }

  function commit(parts: NumberParts): NumberParts {
    let { integer, fraction } = parts;
    if (options.normalizeZeros) {
      integer = integer.replace(/^0+/, '');
      fraction = fraction.replace(/0+$/, '');
    }
    if (integer === '') integer = '0';
    if (options.padFractionalZeros) fraction = fraction.padEnd(options.scale, '0');
    return { integer, fraction, hasRadix: fraction !== '' };
  }

  return {
    apply(input) {
      const parts = type(input);
      if (!parts) return '';
      const { integer, fraction } = commit(parts);
      const grouped = groupThousands(integer, options.thousandsSeparator);
      return fraction === '' ? grouped : `${grouped}${options.radix}${fraction}`;
    },
    // imask's unmaskedValue: no separators, '.' as the radix, no trailing fractional zeros.
    unmask(input) {
      const parts = type(input);
      if (!parts) return '';
      const integer = parts.integer.replace(/^0+(?=\d)/, '') || '0';
      const fraction = parts.fraction.replace(/0+$/, '');
      return fraction === '' ? integer : `${integer}.${fraction}`;
    },
    isComplete(masked) {
      const parts = type(masked);
      return parts !== null && valueOf(parts) >= options.min;
    },
  };
}
